// The frame codec against realtime-js's own serializer: what the client encodes we decode, and
// what we encode the client decodes to the same message.
import Serializer from '@supabase/realtime-js/dist/main/lib/serializer.js';
import { describe, expect, it } from 'vitest';
import { decodeFrame, encodeBinaryBroadcast, encodeFrame, FrameError, parseVsn, type PhoenixMessage } from './codec.ts';

const clientSerializer = new Serializer();
const clientEncode = (message: PhoenixMessage) => clientSerializer.encode(message as never, (result: ArrayBuffer | string) => result) as ArrayBuffer | string;
const clientDecode = (raw: ArrayBuffer | string) => clientSerializer.decode(raw, (message: unknown) => message) as unknown;

const join: PhoenixMessage = {
  join_ref: '1',
  ref: '1',
  topic: 'realtime:chat',
  event: 'phx_join',
  payload: { config: { postgres_changes: [{ event: 'INSERT', schema: 'public', table: 'user_messages' }] }, access_token: 'x.y.z' },
};

describe('parseVsn', () => {
  it('defaults to 1.0.0 like Phoenix, takes 2.0.0, refuses anything else', () => {
    expect(parseVsn(null)).toBe('1.0.0');
    expect(parseVsn('1.0.0')).toBe('1.0.0');
    expect(parseVsn('2.0.0')).toBe('2.0.0');
    expect(parseVsn('3.0.0')).toBeUndefined();
  });
});

describe('vsn 2.0.0 (JSON arrays)', () => {
  it('decodes what realtime-js encodes', () => {
    const raw = clientEncode(join);
    expect(typeof raw).toBe('string');
    expect(decodeFrame(Buffer.from(raw as string), false, '2.0.0')).toEqual(join);
  });

  it('encodes [join_ref, ref, topic, event, payload] that realtime-js decodes', () => {
    const reply: PhoenixMessage = { join_ref: '1', ref: '1', topic: 'realtime:chat', event: 'phx_reply', payload: { status: 'ok', response: {} } };
    const text = encodeFrame(reply, '2.0.0');
    expect(JSON.parse(text)).toEqual(['1', '1', 'realtime:chat', 'phx_reply', { status: 'ok', response: {} }]);
    expect(clientDecode(text)).toEqual(reply);
  });

  it('keeps null refs of server pushes', () => {
    const push: PhoenixMessage = { join_ref: null, ref: null, topic: 'realtime:chat', event: 'postgres_changes', payload: { ids: [1], data: {} } };
    expect(JSON.parse(encodeFrame(push, '2.0.0'))).toEqual([null, null, 'realtime:chat', 'postgres_changes', { ids: [1], data: {} }]);
  });

  it('refuses objects, short arrays and non-JSON', () => {
    expect(() => decodeFrame('{"topic":"phoenix"}', false, '2.0.0')).toThrow(FrameError);
    expect(() => decodeFrame('[null,"1","phoenix"]', false, '2.0.0')).toThrow(FrameError);
    expect(() => decodeFrame('not json', false, '2.0.0')).toThrow(FrameError);
    expect(() => decodeFrame('[null,"1",3,"heartbeat",{}]', false, '2.0.0')).toThrow(FrameError);
  });

  it("decodes the client's binary broadcast push with a JSON payload", () => {
    const message = { join_ref: '2', ref: '7', topic: 'realtime:room', event: 'broadcast', payload: { type: 'broadcast', event: 'cursor', payload: { x: 1, y: 'é' } } };
    const raw = clientEncode(message);
    expect(raw).toBeInstanceOf(ArrayBuffer);
    expect(decodeFrame(Buffer.from(raw as ArrayBuffer), true, '2.0.0')).toEqual(message);
  });

  it("decodes the client's binary broadcast push with a binary payload", () => {
    const bytes = new Uint8Array([0, 1, 2, 255]).buffer;
    const raw = clientEncode({ join_ref: '2', ref: '8', topic: 'realtime:room', event: 'broadcast', payload: { type: 'broadcast', event: 'blob', payload: bytes } });
    const decoded = decodeFrame(Buffer.from(raw as ArrayBuffer), true, '2.0.0');
    expect((decoded.payload as { payload: Buffer }).payload).toEqual(Buffer.from([0, 1, 2, 255]));
  });

  it('encodes binary broadcasts (kind 4) that realtime-js decodes', () => {
    const frame = encodeBinaryBroadcast({ topic: 'realtime:room', event: 'blob', payload: Buffer.from([9, 8, 7]) });
    const arrayBuffer = new Uint8Array(frame).buffer;
    const decoded = clientDecode(arrayBuffer) as { topic: string; event: string; payload: { type: string; event: string; payload: ArrayBuffer } };
    expect(decoded).toMatchObject({ topic: 'realtime:room', event: 'broadcast', payload: { type: 'broadcast', event: 'blob' } });
    expect([...new Uint8Array(decoded.payload.payload)]).toEqual([9, 8, 7]);
  });

  it('refuses binary frames of other kinds', () => {
    expect(() => decodeFrame(Buffer.from([4, 0, 0, 0, 0]), true, '2.0.0')).toThrow(FrameError);
  });
});

describe('vsn 1.0.0 (JSON objects)', () => {
  it('decodes the object realtime-js sends with JSON.stringify', () => {
    expect(decodeFrame(JSON.stringify(join), false, '1.0.0')).toEqual(join);
  });

  it('encodes {topic, event, payload, ref, join_ref}', () => {
    const reply: PhoenixMessage = { join_ref: null, ref: '3', topic: 'phoenix', event: 'phx_reply', payload: { status: 'ok', response: {} } };
    expect(JSON.parse(encodeFrame(reply, '1.0.0'))).toEqual({ topic: 'phoenix', event: 'phx_reply', payload: { status: 'ok', response: {} }, ref: '3', join_ref: null });
  });

  it('refuses arrays and binary frames', () => {
    expect(() => decodeFrame('[null,"1","phoenix","heartbeat",{}]', false, '1.0.0')).toThrow(FrameError);
    expect(() => decodeFrame(Buffer.from([3]), true, '1.0.0')).toThrow(FrameError);
  });
});

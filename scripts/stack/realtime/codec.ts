// Phoenix channel frames as realtime-js sends and reads them. vsn 1.0.0: a JSON object
// {topic, event, payload, ref, join_ref}; vsn 2.0.0: a JSON array [join_ref, ref, topic, event,
// payload], plus binary frames for broadcasts (kind 3 from the client, kind 4 to the client).

export type Vsn = '1.0.0' | '2.0.0';

export interface PhoenixMessage {
  join_ref: string | null;
  ref: string | null;
  topic: string;
  event: string;
  payload: unknown;
}

/** A broadcast whose user payload is raw bytes: only vsn 2.0.0 can carry it (kind 4 frame). */
export interface BinaryBroadcast {
  topic: string;
  event: string;
  payload: Buffer;
}

export class FrameError extends Error {}

const binaryKinds = { userBroadcastPush: 3, userBroadcast: 4 } as const;
const payloadEncodings = { binary: 0, json: 1 } as const;

/** Phoenix's default serializer is 1.0.0 when the client names none; anything else is refused. */
export function parseVsn(value: string | null): Vsn | undefined {
  if (value === null || value === '1.0.0') return '1.0.0';
  if (value === '2.0.0') return '2.0.0';
  return undefined;
}

const nullableString = (value: unknown): string | null => (value === undefined || value === null ? null : String(value));

function fromParts(joinRef: unknown, ref: unknown, topic: unknown, event: unknown, payload: unknown): PhoenixMessage {
  if (typeof topic !== 'string' || typeof event !== 'string') throw new FrameError('topic and event must be strings');
  return { join_ref: nullableString(joinRef), ref: nullableString(ref), topic, event, payload: payload ?? {} };
}

function decodeText(text: string, vsn: Vsn): PhoenixMessage {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new FrameError('frame is not JSON');
  }
  if (vsn === '2.0.0') {
    if (!Array.isArray(parsed) || parsed.length !== 5) throw new FrameError('a 2.0.0 frame is a JSON array of 5 items');
    const [joinRef, ref, topic, event, payload] = parsed as unknown[];
    return fromParts(joinRef, ref, topic, event, payload);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new FrameError('a 1.0.0 frame is a JSON object');
  const { join_ref, ref, topic, event, payload } = parsed as Record<string, unknown>;
  return fromParts(join_ref, ref, topic, event, payload);
}

/**
 * The client's binary broadcast push: kind, the lengths of join_ref, ref, topic, user event and
 * metadata, the payload encoding, those strings, then the user payload (JSON text or raw bytes).
 */
function decodeBinary(frame: Buffer): PhoenixMessage {
  const headerLength = 7;
  if (frame.length < headerLength || frame[0] !== binaryKinds.userBroadcastPush) throw new FrameError('unsupported binary frame');
  const lengths = [frame[1]!, frame[2]!, frame[3]!, frame[4]!, frame[5]!];
  const encoding = frame[6]!;
  let offset = headerLength;
  // realtime-js writes these strings one UTF-16 unit per byte, so they are read back as latin1.
  const [joinRef, ref, topic, userEvent, metadata] = lengths.map((length) => {
    const text = frame.subarray(offset, offset + length).toString('latin1');
    offset += length;
    return text;
  }) as [string, string, string, string, string];
  if (offset > frame.length) throw new FrameError('truncated binary frame');
  const body = frame.subarray(offset);
  let userPayload: unknown;
  let meta: Record<string, unknown>;
  try {
    userPayload = encoding === payloadEncodings.json ? JSON.parse(body.toString('utf8')) : Buffer.from(body);
    meta = metadata ? (JSON.parse(metadata) as Record<string, unknown>) : {};
  } catch {
    throw new FrameError('binary frame payload or metadata is not JSON');
  }
  return {
    join_ref: joinRef || null,
    ref: ref || null,
    topic,
    event: 'broadcast',
    payload: { ...meta, type: 'broadcast', event: userEvent, payload: userPayload },
  };
}

export function decodeFrame(data: Buffer | string, isBinary: boolean, vsn: Vsn): PhoenixMessage {
  if (isBinary) {
    if (vsn !== '2.0.0') throw new FrameError('binary frames need vsn 2.0.0');
    return decodeBinary(Buffer.isBuffer(data) ? data : Buffer.from(data));
  }
  return decodeText(typeof data === 'string' ? data : data.toString('utf8'), vsn);
}

export function encodeFrame(message: PhoenixMessage, vsn: Vsn): string {
  const { join_ref, ref, topic, event, payload } = message;
  return vsn === '2.0.0' ? JSON.stringify([join_ref, ref, topic, event, payload]) : JSON.stringify({ topic, event, payload, ref, join_ref });
}

/** The server's binary broadcast (kind 4): topic, user event, no metadata, raw bytes. */
export function encodeBinaryBroadcast({ topic, event, payload }: BinaryBroadcast): Buffer {
  const topicBytes = Buffer.from(topic, 'utf8');
  const eventBytes = Buffer.from(event, 'utf8');
  if (topicBytes.length > 255 || eventBytes.length > 255) throw new FrameError('topic or event longer than 255 bytes');
  const header = Buffer.from([binaryKinds.userBroadcast, topicBytes.length, eventBytes.length, 0, payloadEncodings.binary]);
  return Buffer.concat([header, topicBytes, eventBytes, payload]);
}

// The Phoenix protocol at the frame level, through the gateway: what a client that is not
// realtime-js (or an older one) would see from Realtime.
import Serializer from '@supabase/realtime-js/dist/main/lib/serializer.js';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { TestSocket } from './test-socket.ts';
import { startRealtimeTestStack, type RealtimeTestStack } from './test-stack.ts';

let stack: RealtimeTestStack;
let db: pg.Client;
const sockets: TestSocket[] = [];

beforeAll(async () => {
  stack = await startRealtimeTestStack();
  db = new pg.Client({ connectionString: stack.cluster.url });
  await db.connect();
  await db.query('set synchronous_commit = on');
});

afterEach(async () => {
  await Promise.all(sockets.splice(0).map((socket) => socket.close()));
});

afterAll(async () => {
  await db?.end();
  await stack?.stop();
});

async function open(vsn: '1.0.0' | '2.0.0' = '2.0.0'): Promise<TestSocket> {
  const socket = await TestSocket.open(stack.apiUrl, stack.anonKey, vsn);
  sockets.push(socket);
  return socket;
}

async function newUser(): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `with u as (insert into auth.users (id, aud, role, email, created_at, updated_at)
                values (gen_random_uuid(), 'authenticated', 'authenticated', gen_random_uuid() || '@protocol.test', now(), now()) returning id)
     insert into public.profiles (id) select id from u returning id`,
  );
  return rows[0]!.id;
}

function upgradeStatus(path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${stack.apiUrl.replace(/^http/, 'ws')}${path}`);
    ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
    ws.on('open', () => (ws.close(), resolve(101)));
    ws.on('error', reject);
  });
}

describe('the socket', () => {
  it('answers a heartbeat with an ok reply carrying its ref', async () => {
    const socket = await open();
    const ref = socket.send('phoenix', 'heartbeat', {});
    expect(await socket.reply(ref)).toEqual({ join_ref: null, ref, topic: 'phoenix', event: 'phx_reply', payload: { status: 'ok', response: {} } });
  });

  it('refuses an unknown serializer version, another path, or no API key', async () => {
    expect(await upgradeStatus(`/realtime/v1/websocket?apikey=${stack.anonKey}&vsn=9.9.9`)).toBe(400);
    expect(await upgradeStatus(`/realtime/v1/elsewhere?apikey=${stack.anonKey}&vsn=2.0.0`)).toBe(404);
    expect(await upgradeStatus('/realtime/v1/websocket?vsn=2.0.0')).toBe(401);
    expect(await upgradeStatus(`/realtime/v1/websocket?apikey=${stack.anonKey}&vsn=2.0.0`)).toBe(101);
  });

  it('answers a message to a topic it did not join with "unmatched topic"', async () => {
    const socket = await open();
    const ref = socket.send('realtime:nowhere', 'broadcast', { type: 'broadcast', event: 'x', payload: {} }, '9');
    expect((await socket.reply(ref)).payload).toEqual({ status: 'error', response: { reason: 'unmatched topic' } });
  });
});

describe('joining', () => {
  it('echoes the bindings with integer ids in order (vsn 1.0.0), then says it is subscribed', async () => {
    const socket = await open('1.0.0');
    const bindings = [
      { event: 'INSERT', schema: 'public', table: 'user_messages', filter: 'receiver_id=eq.0f6c1a52-6d7f-4f9e-9a43-5b2e8a1c7d10' },
      { event: '*', schema: 'public', table: 'user_messages' },
    ];
    const { reply, system } = await socket.join('realtime:inbox', { config: { postgres_changes: bindings }, access_token: stack.serviceRoleToken() });
    const response = (reply.payload as { status: string; response: { postgres_changes: Array<Record<string, unknown>> } }).response;
    expect(reply.payload).toMatchObject({ status: 'ok' });
    expect(response.postgres_changes).toEqual(bindings.map((b) => ({ ...b, id: expect.any(Number) })));
    expect(system?.payload).toEqual({ extension: 'postgres_changes', status: 'ok', message: 'Subscribed to PostgreSQL', channel: 'inbox' });
  });

  it('refuses a token that is not a JWT, without role and exp, or signed with another secret', async () => {
    const socket = await open();
    const reason = async (accessToken: string) => {
      const { reply } = await socket.join(`realtime:t-${crypto.randomUUID()}`, { config: {}, access_token: accessToken });
      expect((reply.payload as { status: string }).status).toBe('error');
      return (reply.payload as { response: { reason: string } }).response.reason;
    };
    expect(await reason('not-a-token')).toBe('MalformedJWT: The token provided is not a valid JWT');
    const { signJwt } = await import('../keys.ts');
    expect(await reason(signJwt({ sub: 'x' }, stack.signingKey))).toBe('InvalidJWTToken: Fields `role` and `exp` are required in JWT');
    expect(await reason(signJwt({ role: 'anon', exp: 4102444800 }, 'other'))).toBe('JwtSignatureError: Failed to validate JWT signature');
  });

  it('closes a channel whose new token has no signer, and drops one whose new token Realtime cannot decode', async () => {
    const socket = await open();
    const joined = async () => {
      const topic = `realtime:r-${crypto.randomUUID()}`;
      const { reply } = await socket.join(topic, { config: {}, access_token: stack.serviceRoleToken() });
      return { topic, joinRef: reply.ref };
    };
    const refreshed = async ({ topic, joinRef }: { topic: string; joinRef: string | null }, accessToken: string) => {
      socket.send(topic, 'access_token', { access_token: accessToken }, joinRef);
      return socket.next((m) => m.topic === topic && (m.event === 'phx_close' || m.event === 'phx_error'));
    };
    // RealtimeChannel.handle_in("access_token"): a kid the JWKS lacks shuts the channel down with the signer's error.
    const unknownKid = await joined();
    const claims = Buffer.from(JSON.stringify({ role: 'anon', exp: 4102444800 })).toString('base64url');
    const header = Buffer.from(JSON.stringify({ alg: 'ES256', kid: 'other' })).toString('base64url');
    expect((await refreshed(unknownKid, `${header}.${claims}.c2ln`)).event).toBe('phx_close');
    expect(socket.received.find((m) => m.topic === unknownKid.topic && m.event === 'system')?.payload).toEqual({
      extension: 'system',
      status: 'error',
      message: 'Failed to generate JWT signer for key ID (kid) "other", check your JWT secret or JWKS configuration',
      channel: unknownKid.topic.slice('realtime:'.length),
    });
    // An empty payload is no JSON: the decoder raises, nothing rescues it on a refresh, and the channel's process dies.
    const undecodable = await joined();
    expect(await refreshed(undecodable, `${header}..c2ln`)).toEqual({ join_ref: undecodable.joinRef, ref: undecodable.joinRef, topic: undecodable.topic, event: 'phx_error', payload: {} });
  });

  it('reports bindings it cannot subscribe with a system error, as Realtime does', async () => {
    const socket = await open();
    const system = async (binding: Record<string, unknown>) =>
      (await socket.join(`realtime:b-${crypto.randomUUID()}`, { config: { postgres_changes: [binding] }, access_token: stack.serviceRoleToken() })).system?.payload as {
        status: string;
        message: string;
      };
    expect(await system({ event: 'INSERT', schema: 'public', table: 'user_messages', filter: 'receiver_id=foo.bar' })).toMatchObject({
      status: 'error',
      message: 'Error parsing `filter` params: ["foo", "bar"]',
    });
    expect((await system({ event: '*', schema: 'public', table: 'not_published' })).message).toMatch(/^Unable to subscribe to changes with given parameters. Please check Realtime is enabled/);
    expect((await system({ event: '*', schema: 'public', table: 'user_messages', filter: 'nope=eq.1' })).message).toMatch(/invalid column for filter nope$/);
    expect((await system({ event: '*', schema: 'public', table: 'user_messages', filter: 'is_read=eq.maybe' })).message).toMatch(
      /Exception: ERROR 22P02 \(invalid_text_representation\) invalid input syntax for type boolean: "maybe"$/,
    );
  });

  it('reports a claims role that does not exist for the last binding Realtime tries, the first that names a published table', async () => {
    const socket = await open();
    const { signJwt } = await import('../keys.ts');
    const token = signJwt({ role: 'nobody', exp: Math.floor(Date.now() / 1000) + 600 }, stack.signingKey);
    const bindings = [
      { event: 'INSERT', schema: 'public', table: 'user_messages' },
      { event: 'UPDATE', schema: 'public', table: 'user_messages' },
    ];
    const { system } = await socket.join('realtime:nobody', { config: { postgres_changes: bindings }, access_token: token });
    // subscription_check_filters asks has_column_privilege of the role; the last binding is inserted first.
    expect(system?.payload).toMatchObject({
      status: 'error',
      message:
        'Unable to subscribe to changes with given parameters. An exception happened so please check your connect parameters: [event: UPDATE, schema: public, table: user_messages, filters: [], select: nil]. Exception: ERROR 42704 (undefined_object) role "nobody" does not exist',
    });
  });

  it('refuses private channels, whose policies this stack does not have', async () => {
    const socket = await open();
    const { reply } = await socket.join('realtime:secret', { config: { private: true }, access_token: stack.serviceRoleToken() });
    expect(reply.payload).toEqual({ status: 'error', response: { reason: 'Unauthorized: You do not have permissions to read from this Channel topic: secret' } });
  });
});

describe('changes and leaving', () => {
  it('pushes postgres_changes with the binding ids and stops after phx_leave', async () => {
    const socket = await open();
    const [receiver, sender] = [await newUser(), await newUser()];
    const binding = { event: 'INSERT', schema: 'public', table: 'user_messages', filter: `receiver_id=eq.${receiver}` };
    const { reply } = await socket.join('realtime:leave', { config: { postgres_changes: [binding] }, access_token: stack.serviceRoleToken() });
    const [{ id }] = (reply.payload as { response: { postgres_changes: [{ id: number }] } }).response.postgres_changes;
    await db.query('insert into public.user_messages (sender_id, receiver_id, content) values ($1, $2, $3)', [sender, receiver, 'un']);
    const change = await socket.next((m) => m.event === 'postgres_changes');
    expect(change).toMatchObject({ join_ref: null, ref: null, topic: 'realtime:leave' });
    expect(change.payload).toMatchObject({ ids: [id], data: { type: 'INSERT', errors: null, record: { content: 'un', is_read: false } } });
    expect((change.payload as { data: { columns: unknown[] } }).data.columns).toContainEqual({ name: 'is_read', type: 'bool' });

    const leave = socket.send('realtime:leave', 'phx_leave', {}, '1');
    expect((await socket.reply(leave)).payload).toEqual({ status: 'ok', response: {} });
    await db.query('insert into public.user_messages (sender_id, receiver_id, content) values ($1, $2, $3)', [sender, receiver, 'deux']);
    const ping = socket.send('phoenix', 'heartbeat', {});
    await socket.reply(ping);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(socket.received.filter((m) => m.event === 'postgres_changes')).toHaveLength(1);
  });
});

describe('payload shaping', () => {
  beforeAll(async () => {
    await db.query(`
      create table public.notes (id bigint generated always as identity primary key, body text, secret text, score numeric,
                                 tags text[], data jsonb, at timestamptz not null default now());
      alter table public.notes replica identity full;
      alter table public.notes enable row level security;
      revoke all on public.notes from anon, authenticated;
      grant select (id, body, score, tags, data, at) on public.notes to authenticated;
      create policy "Everyone signed in reads notes" on public.notes for select to authenticated using (true);
      create table public.open_notes (id int primary key, body text);
      alter table public.open_notes replica identity full;
      alter publication supabase_realtime add table public.notes, public.open_notes;
    `);
  });

  async function listening(table: string): Promise<TestSocket> {
    const socket = await open();
    const { signJwt } = await import('../keys.ts');
    const token = signJwt({ sub: crypto.randomUUID(), role: 'authenticated', exp: Math.floor(Date.now() / 1000) + 600 }, stack.signingKey);
    await socket.join(`realtime:${table}`, { config: { postgres_changes: [{ event: '*', schema: 'public', table }] }, access_token: token });
    return socket;
  }
  const change = (socket: TestSocket, type: string) =>
    socket.next((m) => m.event === 'postgres_changes' && (m.payload as { data: { type: string } }).data.type === type).then((m) => (m.payload as { data: Record<string, unknown> }).data);

  it('types the values as Realtime does and leaves out columns the role may not SELECT', async () => {
    const socket = await listening('notes');
    await db.query(`insert into public.notes (body, secret, score, tags, data, at) values ('note', 'hidden', 12.50, '{"a,b",c}', '{"k":[1,true]}', '2026-03-01 10:15:30.5+00')`);
    const data = await change(socket, 'INSERT');
    expect(data.record).toEqual({ id: expect.any(Number), body: 'note', score: 12.5, tags: ['a,b', 'c'], data: { k: [1, true] }, at: '2026-03-01T10:15:30.5+00:00' });
    expect(data.columns).toEqual([
      { name: 'id', type: 'int8' },
      { name: 'body', type: 'text' },
      { name: 'score', type: 'numeric' },
      { name: 'tags', type: '_text' },
      { name: 'data', type: 'jsonb' },
      { name: 'at', type: 'timestamptz' },
    ]);
    expect(data.commit_timestamp).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  });

  it('sends only the primary key of a row deleted from an RLS table, the whole identity otherwise', async () => {
    const notes = await listening('notes');
    const open_ = await listening('open_notes');
    const { rows } = await db.query<{ id: string }>(`insert into public.notes (body) values ('bientôt effacée') returning id`);
    await db.query('delete from public.notes where id = $1', [rows[0]!.id]);
    expect((await change(notes, 'DELETE')).old_record).toEqual({ id: Number(rows[0]!.id) });
    await db.query(`insert into public.open_notes values (1, 'ouverte')`);
    await db.query('delete from public.open_notes where id = 1');
    expect((await change(open_, 'DELETE')).old_record).toEqual({ id: 1, body: 'ouverte' });
  });
});

describe('broadcast', () => {
  it("echoes realtime-js's binary broadcast to the sender with self, and acks it", async () => {
    const socket = await open();
    const { reply } = await socket.join('realtime:room', { config: { broadcast: { self: true, ack: true } }, access_token: stack.anonKey });
    expect(reply.payload).toEqual({ status: 'ok', response: { postgres_changes: [] } });
    const frame = new Serializer().encode(
      { join_ref: '1', ref: '2', topic: 'realtime:room', event: 'broadcast', payload: { type: 'broadcast', event: 'wave', payload: { hello: 'monde' } } },
      (result: ArrayBuffer | string) => result,
    ) as ArrayBuffer;
    socket.sendRaw(Buffer.from(frame), true);
    expect((await socket.reply('2')).payload).toEqual({ status: 'ok', response: {} });
    const echoed = await socket.next((m) => m.event === 'broadcast');
    expect(echoed.payload).toEqual({ type: 'broadcast', event: 'wave', payload: { hello: 'monde' } });
  });
});

describe('presence', () => {
  it('lists current members on join and announces a track to the topic', async () => {
    const [first, second] = [await open(), await open()];
    const config = (key: string) => ({ config: { presence: { key, enabled: true } }, access_token: stack.anonKey });
    await first.join('realtime:lobby', config('claire'));
    const track = first.send('realtime:lobby', 'presence', { type: 'presence', event: 'track', payload: { online_at: 'now' } }, '1');
    expect((await first.reply(track)).payload).toEqual({ status: 'ok', response: {} });
    const diff = await first.next((m) => m.event === 'presence_diff');
    expect(diff.payload).toEqual({ joins: { claire: { metas: [{ online_at: 'now', phx_ref: expect.any(String) }] } }, leaves: {} });

    await second.join('realtime:lobby', config('paul'));
    const state = await second.next((m) => m.event === 'presence_state');
    expect(state.payload).toEqual({ claire: { metas: [{ online_at: 'now', phx_ref: expect.any(String) }] } });

    await first.close();
    const left = await second.next((m) => m.event === 'presence_diff');
    expect(left.payload).toMatchObject({ joins: {}, leaves: { claire: { metas: [{ online_at: 'now' }] } } });
  });
});

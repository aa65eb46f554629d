// The unmodified supabase-js (realtime-js) against the local Realtime: a customer's chat
// subscription on user_messages receives what RLS lets them read, and nothing else.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { signJwt } from '../../scripts/stack/keys.ts';
import { closeClients, listen, ready, realtimeClient, settle } from './support/realtime-channels.ts';
import { createCustomer, customerToken, insertMessage, startRealtimeStack, type Customer, type RealtimeStack } from './support/realtime-stack.ts';

let stack: RealtimeStack;
let admin: Customer;
let alice: Customer;
let bob: Customer;

beforeAll(async () => {
  stack = await startRealtimeStack();
  [admin, alice, bob] = await Promise.all([createCustomer(stack, 'admin', 'admin'), createCustomer(stack, 'alice'), createCustomer(stack, 'bob')]);
});

afterEach(async () => {
  await closeClients();
});

afterAll(async () => {
  await stack?.stop();
});

const isoMillis = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describe('postgres_changes on user_messages', () => {
  it('joins with the bindings echoed, so the client reports SUBSCRIBED and gets the ids', async () => {
    const listening = listen(realtimeClient(stack, alice.token), [
      { event: 'INSERT', filter: `receiver_id=eq.${alice.id}` },
      { event: 'UPDATE', filter: `receiver_id=eq.${alice.id}` },
    ]);
    await ready(listening);
    const ids = listening.channel.bindings.postgres_changes!.map((b) => b.id);
    expect(ids).toHaveLength(2);
    ids.forEach((id) => expect(id).toEqual(expect.any(Number)));
    expect(ids[0]).not.toBe(ids[1]);
    expect(listening.system.items).toContainEqual({ extension: 'postgres_changes', status: 'ok', message: 'Subscribed to PostgreSQL', channel: listening.channel.subTopic });
  });

  it('delivers a message inserted for the customer, typed as Realtime sends it', async () => {
    const listening = listen(realtimeClient(stack, alice.token), [{ event: 'INSERT', filter: `receiver_id=eq.${alice.id}` }]);
    await ready(listening);
    const message = await insertMessage(stack, admin.id, alice.id, 'Bienvenue, Alice');
    const change = await listening.changes[0]!.next();
    expect(change).toMatchObject({ eventType: 'INSERT', schema: 'public', table: 'user_messages', errors: null, old: {} });
    expect(change.commit_timestamp).toMatch(isoMillis);
    expect(change.new).toEqual({
      id: message.id,
      sender_id: admin.id,
      receiver_id: alice.id,
      content: 'Bienvenue, Alice',
      is_read: false,
      created_at: expect.any(String),
    });
    expect(Date.parse(change.new.created_at as string)).toBe(Date.parse(message.created_at.replace(' ', 'T').replace(/\+00$/, 'Z')));
  });

  it("keeps another customer's message from a customer who listens for it (RLS)", async () => {
    const listening = listen(realtimeClient(stack, bob.token), [
      { event: 'INSERT', filter: `receiver_id=eq.${alice.id}` },
      { event: 'INSERT', filter: `receiver_id=eq.${bob.id}` },
    ]);
    await ready(listening);
    await insertMessage(stack, admin.id, alice.id, 'Pour Alice seulement');
    const own = await insertMessage(stack, admin.id, bob.id, 'Pour Bob');
    expect((await listening.changes[1]!.next()).new.id).toBe(own.id);
    await settle();
    expect(listening.changes[0]!.items).toEqual([]);
  });

  it('delivers an UPDATE of is_read to the receiver with the old record, and not to others', async () => {
    const receiver = listen(realtimeClient(stack, alice.token), [{ event: 'UPDATE', filter: `receiver_id=eq.${alice.id}` }]);
    const other = listen(realtimeClient(stack, bob.token), [{ event: 'UPDATE' }]);
    await Promise.all([ready(receiver), ready(other)]);
    const message = await insertMessage(stack, admin.id, alice.id, 'À lire');
    await stack.db.query('update public.user_messages set is_read = true where id = $1', [message.id]);
    const change = await receiver.changes[0]!.next();
    expect(change).toMatchObject({ eventType: 'UPDATE', new: { id: message.id, is_read: true, content: 'À lire' }, old: { id: message.id } });
    const marker = await insertMessage(stack, admin.id, bob.id, 'Marqueur');
    await stack.db.query('update public.user_messages set is_read = true where id = $1', [marker.id]);
    await other.changes[0]!.next((c) => c.new.id === marker.id);
    expect(other.changes[0]!.items.map((c) => c.new.id)).toEqual([marker.id]);
  });

  it('does not deliver a change that fails the filter', async () => {
    const listening = listen(realtimeClient(stack, alice.token), [
      { event: 'INSERT', filter: `receiver_id=eq.${alice.id}` },
      { event: 'INSERT', filter: `sender_id=eq.${alice.id}` },
    ]);
    await ready(listening);
    const sent = await insertMessage(stack, alice.id, admin.id, 'Une question');
    expect((await listening.changes[1]!.next()).new.id).toBe(sent.id);
    await settle();
    expect(listening.changes[0]!.items).toEqual([]);
  });

  it('gives an anonymous subscriber nothing from an RLS table', async () => {
    const anonymous = listen(realtimeClient(stack), [{ event: '*' }]);
    const receiver = listen(realtimeClient(stack, alice.token), [{ event: 'INSERT', filter: `receiver_id=eq.${alice.id}` }]);
    await Promise.all([ready(anonymous), ready(receiver)]);
    const message = await insertMessage(stack, admin.id, alice.id, 'Privé');
    await receiver.changes[0]!.next((c) => c.new.id === message.id);
    await settle();
    expect(anonymous.changes[0]!.items).toEqual([]);
  });

  it('sends only the primary key of a deleted row of an RLS table', async () => {
    const listening = listen(realtimeClient(stack, alice.token), [{ event: 'DELETE', filter: `receiver_id=eq.${alice.id}` }]);
    await ready(listening);
    const message = await insertMessage(stack, admin.id, alice.id, 'Éphémère');
    await stack.db.query('delete from public.user_messages where id = $1', [message.id]);
    const change = await listening.changes[0]!.next();
    expect(change).toMatchObject({ eventType: 'DELETE', new: {} });
    expect(change.old).toEqual({ id: message.id });
  });

  it('speaks the 1.0.0 serializer too', async () => {
    const client = realtimeClient(stack, alice.token, { vsn: '1.0.0' });
    expect(client.realtime.endpointURL()).toContain('vsn=1.0.0');
    const listening = listen(client, [{ event: 'INSERT', filter: `receiver_id=eq.${alice.id}` }]);
    await ready(listening);
    const message = await insertMessage(stack, admin.id, alice.id, 'En version 1');
    expect((await listening.changes[0]!.next()).new).toMatchObject({ id: message.id, is_read: false });
  });
});

describe('the socket and the token', () => {
  it('answers heartbeats, so the socket stays open and keeps delivering', async () => {
    const heartbeats: string[] = [];
    // realtime-js counts a heartbeat unanswered by the next one as a timeout: at 100 ms, a busy
    // moment of the machine's other test lanes was enough. Half a second still sends several.
    const client = realtimeClient(stack, alice.token, { heartbeatIntervalMs: 500, heartbeatCallback: (status) => void heartbeats.push(status) });
    const listening = listen(client, [{ event: 'INSERT', filter: `receiver_id=eq.${alice.id}` }]);
    await ready(listening);
    await settle(2_300);
    expect(heartbeats.filter((s) => s === 'ok').length).toBeGreaterThanOrEqual(3);
    expect(heartbeats).not.toContain('timeout');
    expect(client.realtime.isConnected()).toBe(true);
    const message = await insertMessage(stack, admin.id, alice.id, 'Toujours là');
    expect((await listening.changes[0]!.next()).new.id).toBe(message.id);
  });

  it('refuses a join whose token has a bad signature or has expired, with Realtime’s reason', async () => {
    const forged = signJwt({ sub: alice.id, role: 'authenticated', exp: Math.floor(Date.now() / 1000) + 600 }, 'not-the-secret');
    const bad = listen(realtimeClient(stack, forged), [{ event: 'INSERT' }]);
    const refused = await bad.statuses.next();
    expect(refused.status).toBe('CHANNEL_ERROR');
    expect(refused.error?.message).toBe('JwtSignatureError: Failed to validate JWT signature');

    const expired = listen(realtimeClient(stack, customerToken(stack, alice.id, alice.email, -30)), [{ event: 'INSERT' }]);
    const late = await expired.statuses.next();
    expect(late.status).toBe('CHANNEL_ERROR');
    expect(late.error?.message).toMatch(/^InvalidJWTToken: Token has expired \d+ seconds ago$/);
  });

  it('closes the channel with a system error when the new access token is invalid', async () => {
    const client = realtimeClient(stack, alice.token);
    const listening = listen(client, [{ event: 'INSERT', filter: `receiver_id=eq.${alice.id}` }]);
    await ready(listening);
    await client.realtime.setAuth(customerToken(stack, alice.id, alice.email, -5));
    const error = await listening.system.next((m) => m.extension === 'system');
    expect(error).toMatchObject({ status: 'error', message: expect.stringMatching(/^Token has expired \d+ seconds ago$/), channel: listening.channel.subTopic });
    expect((await listening.statuses.next((s) => s.status !== 'SUBSCRIBED')).status).toBe('CLOSED');
  });

  it('re-checks deliveries under a new valid access token', async () => {
    const client = realtimeClient(stack, bob.token);
    const listening = listen(client, [{ event: 'INSERT' }]);
    await ready(listening);
    const first = listening.system.items[0];
    await client.realtime.setAuth(alice.token);
    expect(await listening.system.next((m) => m !== first)).toMatchObject({ extension: 'postgres_changes', status: 'ok', message: 'Subscribed to PostgreSQL' });
    await insertMessage(stack, admin.id, bob.id, 'Pour Bob, plus écouté');
    const message = await insertMessage(stack, admin.id, alice.id, 'Pour la nouvelle identité');
    await listening.changes[0]!.next((c) => c.new.id === message.id);
    await settle();
    expect(listening.changes[0]!.items.map((c) => c.new.id)).toEqual([message.id]);
  });
});

// Channels with several postgres_changes bindings, driven by the unmodified supabase-js (the
// shop's hooks put two bindings on one channel), held to what Supabase Realtime does with them.
// Each expectation names where in supabase/realtime (or realtime-js) the behaviour comes from.
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  closeClients,
  listen,
  ready,
  realtimeClient,
  recordingTransport,
  settle,
  type ChangeBinding,
  type Inbox,
  type ListeningChannel,
  type ServerFrame,
} from './support/realtime-channels.ts';
import { createCustomer, insertMessage, startRealtimeStack, type Customer, type RealtimeStack } from './support/realtime-stack.ts';

let stack: RealtimeStack;
let admin: Customer;
let alice: Customer;
let bob: Customer;

// A second published table (RLS on, readable by any signed-in user) and one outside the publication.
const notes = 'realtime_binding_notes';
const unpublished = 'realtime_binding_unpublished';
const dropFixture = `drop table if exists public.${notes}, public.${unpublished}`;

beforeAll(async () => {
  stack = await startRealtimeStack();
  await stack.db.query(`
    ${dropFixture};
    create table public.${notes} (id bigint generated always as identity primary key, owner uuid not null, body text not null);
    alter table public.${notes} enable row level security;
    revoke all on public.${notes} from anon, authenticated;
    grant select on public.${notes} to authenticated;
    create policy "Signed-in users read binding notes" on public.${notes} for select to authenticated using (true);
    create table public.${unpublished} (id int primary key);
    alter table public.${unpublished} enable row level security;
    alter publication supabase_realtime add table public.${notes};
  `);
  [admin, alice, bob] = await Promise.all([createCustomer(stack, 'admin', 'admin'), createCustomer(stack, 'alice'), createCustomer(stack, 'bob')]);
});

afterEach(async () => {
  await closeClients();
});

afterAll(async () => {
  await stack?.db.query(dropFixture);
  await stack?.stop();
});

interface Recorded extends ListeningChannel {
  frames: Inbox<ServerFrame>;
  topic: string;
}

/** A channel with these bindings on a client of its own whose server frames are kept. */
function listenRecorded(token: string, bindings: ChangeBinding[]): Recorded {
  const { transport, frames } = recordingTransport();
  const listening = listen(realtimeClient(stack, token, { transport: transport as never }), bindings);
  return { ...listening, frames, topic: listening.channel.topic };
}

/** The join's ok reply: the bindings as the server lists them. */
async function joinReply(channel: Recorded): Promise<Array<Record<string, unknown>>> {
  const reply = await channel.frames.next((f) => f.topic === channel.topic && f.event === 'phx_reply' && f.ref === f.join_ref);
  expect(reply.payload.status).toBe('ok');
  return (reply.payload.response as { postgres_changes: Array<Record<string, unknown>> }).postgres_changes;
}

/** The ids of the next change on this channel of the given type and table. */
async function changeIds(channel: Recorded, type: string, table: string, seen: Set<ServerFrame> = new Set()): Promise<number[]> {
  const frame = await channel.frames.next((f) => {
    const data = f.payload.data as { type?: string; table?: string } | undefined;
    return !seen.has(f) && f.topic === channel.topic && f.event === 'postgres_changes' && data?.type === type && data.table === table;
  });
  seen.add(frame);
  return frame.payload.ids as number[];
}

async function insertNote(owner: string, body: string): Promise<number> {
  const { rows } = await stack.db.query<{ id: string }>(`insert into public.${notes} (owner, body) values ($1, $2) returning id`, [owner, body]);
  return Number(rows[0]!.id);
}

/** The ids realtime-js kept for the channel's bindings, by position. */
const clientIds = (channel: ListeningChannel) => channel.channel.bindings.postgres_changes!.map((b) => Number(b.id));

describe('a channel with several bindings, every one served', () => {
  it('serves the admin hook’s pair (an unfiltered INSERT on one table, a filtered UPDATE on another), each change to its binding', async () => {
    const channel = listenRecorded(admin.token, [
      { event: 'INSERT', table: notes },
      { event: 'UPDATE', filter: `receiver_id=eq.${admin.id}` },
    ]);
    await ready(channel);
    const listed = await joinReply(channel);
    // realtime_channel.ex add_id_to_postgres_changes: the params as sent, in order, each with an id.
    expect(listed).toEqual([
      { event: 'INSERT', schema: 'public', table: notes, id: expect.any(Number) },
      { event: 'UPDATE', schema: 'public', table: 'user_messages', filter: `receiver_id=eq.${admin.id}`, id: expect.any(Number) },
    ]);
    // realtime-js RealtimeChannel._updatePostgresBindings: the reply's ids taken by position.
    const [noteId, updateId] = clientIds(channel);
    expect(listed.map((b) => b.id)).toEqual([noteId, updateId]);
    expect(noteId).not.toBe(updateId);

    const note = await insertNote(alice.id, 'une note');
    // postgres_cdc_rls/message_dispatcher.ex: a change carries the ids of the bindings it matches.
    expect(await changeIds(channel, 'INSERT', notes)).toEqual([noteId]);
    const message = await insertMessage(stack, alice.id, admin.id, 'Une question');
    await stack.db.query('update public.user_messages set is_read = true where id = $1', [message.id]);
    expect(await changeIds(channel, 'UPDATE', 'user_messages')).toEqual([updateId]);
    expect((await channel.changes[1]!.next()).new).toMatchObject({ id: message.id, is_read: true });
    expect(channel.changes[0]!.items.map((c) => c.new.id)).toEqual([note]);
    // The INSERT of the message matched no binding: its frame never came.
    expect(channel.frames.items.filter((f) => f.event === 'postgres_changes')).toHaveLength(2);
  });

  it('serves five bindings on two tables, filtered or not, and names in each change every binding it matches, last binding first', async () => {
    const channel = listenRecorded(alice.token, [
      { event: 'INSERT', filter: `receiver_id=eq.${alice.id}` },
      { event: 'UPDATE', filter: `receiver_id=eq.${alice.id}` },
      { event: '*' },
      { event: '*', table: notes },
      { event: 'INSERT', table: notes, filter: `owner=eq.${alice.id}` },
    ]);
    await ready(channel);
    const listed = await joinReply(channel);
    const ids = clientIds(channel);
    expect(listed.map((b) => b.id)).toEqual(ids);
    expect(new Set(ids).size).toBe(5);
    const seen = new Set<ServerFrame>();

    // message_dispatcher.ex builds `ids` with `for {bin_id, id} <- ids, reduce: []` prepending each
    // match, so they come in the reverse order of the join's bindings.
    const message = await insertMessage(stack, admin.id, alice.id, 'Bonjour Alice');
    expect(await changeIds(channel, 'INSERT', 'user_messages', seen)).toEqual([ids[2], ids[0]]);
    await stack.db.query('update public.user_messages set is_read = true where id = $1', [message.id]);
    expect(await changeIds(channel, 'UPDATE', 'user_messages', seen)).toEqual([ids[2], ids[1]]);
    await insertNote(alice.id, 'à Alice');
    expect(await changeIds(channel, 'INSERT', notes, seen)).toEqual([ids[4], ids[3]]);
    await insertNote(bob.id, 'à Bob');
    expect(await changeIds(channel, 'INSERT', notes, seen)).toEqual([ids[3]]);

    // realtime-js calls each binding whose id is among them and whose event matches.
    await channel.changes[3]!.next((c) => c.new.body === 'à Bob');
    expect(channel.changes.map((inbox) => inbox.items.map((c) => `${c.eventType} ${c.table}`))).toEqual([
      ['INSERT user_messages'],
      ['UPDATE user_messages'],
      ['INSERT user_messages', 'UPDATE user_messages'],
      [`INSERT ${notes}`, `INSERT ${notes}`],
      [`INSERT ${notes}`],
    ]);
  });

  it('sorts INSERT, UPDATE, DELETE and * bindings of one table by event', async () => {
    const own = `receiver_id=eq.${alice.id}`;
    const channel = listenRecorded(alice.token, [
      { event: 'INSERT', filter: own },
      { event: 'UPDATE', filter: own },
      { event: 'DELETE', filter: own },
      { event: '*', filter: own },
    ]);
    await ready(channel);
    const ids = clientIds(channel);
    const seen = new Set<ServerFrame>();
    // apply_rls keeps the subscriptions whose action_filter is '*' or the change's action; an
    // INSERT or UPDATE is checked against RLS as it stands, so each write waits for its change.
    const message = await insertMessage(stack, admin.id, alice.id, 'Trois temps');
    expect(await changeIds(channel, 'INSERT', 'user_messages', seen)).toEqual([ids[3], ids[0]]);
    await stack.db.query('update public.user_messages set is_read = true where id = $1', [message.id]);
    expect(await changeIds(channel, 'UPDATE', 'user_messages', seen)).toEqual([ids[3], ids[1]]);
    await stack.db.query('delete from public.user_messages where id = $1', [message.id]);
    expect(await changeIds(channel, 'DELETE', 'user_messages', seen)).toEqual([ids[3], ids[2]]);
    await channel.changes[3]!.next((c) => c.eventType === 'DELETE');
    expect(channel.changes.map((inbox) => inbox.items.map((c) => c.eventType))).toEqual([['INSERT'], ['UPDATE'], ['DELETE'], ['INSERT', 'UPDATE', 'DELETE']]);
  });

  it('gives a DELETE to every DELETE binding of its table, whatever their filters', async () => {
    const channel = listenRecorded(alice.token, [
      { event: 'DELETE', filter: `receiver_id=eq.${bob.id}` },
      { event: 'DELETE', filter: `id=eq.${randomUUID()}` },
    ]);
    await ready(channel);
    const ids = clientIds(channel);
    const message = await insertMessage(stack, admin.id, alice.id, 'Effacé');
    await stack.db.query('delete from public.user_messages where id = $1', [message.id]);
    // Supabase's documented limit "Delete events are not filterable": apply_rls tests a filter
    // against the new row's columns, which a DELETE has none of, so every filter lets it through.
    expect(await changeIds(channel, 'DELETE', 'user_messages')).toEqual([ids[1], ids[0]]);
    expect((await channel.changes[0]!.next()).old).toEqual({ id: message.id });
    expect((await channel.changes[1]!.next()).old).toEqual({ id: message.id });
  });

  it('gives two identical bindings the same id, and a change names it once for each', async () => {
    const binding: ChangeBinding = { event: 'INSERT', filter: `receiver_id=eq.${alice.id}` };
    const channel = listenRecorded(alice.token, [binding, binding]);
    await ready(channel);
    // realtime_channel.ex: the id is :erlang.phash2 of the params, so equal params share it; each
    // binding is still a subscription of its own (its own UUID), and message_dispatcher.ex adds
    // the id once per subscription that matched.
    const [first, second] = clientIds(channel);
    expect(first).toBe(second);
    await insertMessage(stack, admin.id, alice.id, 'En double');
    expect(await changeIds(channel, 'INSERT', 'user_messages')).toEqual([first, first]);
    await channel.changes[1]!.next();
    expect(channel.changes.map((inbox) => inbox.items.length)).toEqual([1, 1]);
  });
});

describe('a channel with a binding that cannot be served', () => {
  /**
   * The join is ok and lists every binding with its id, so supabase-js says SUBSCRIBED; the
   * `system` message that follows carries the error, and no binding of the channel delivers.
   */
  async function refused(bindings: ChangeBinding[]): Promise<{ channel: Recorded; message: string }> {
    const channel = listenRecorded(alice.token, bindings);
    // RealtimeChannel.subscribe: the ok reply with matching bindings is SUBSCRIBED.
    expect((await channel.statuses.next()).status).toBe('SUBSCRIBED');
    expect((await joinReply(channel)).map((b) => b.id)).toEqual(clientIds(channel));
    const system = await channel.system.next((m) => m.extension === 'postgres_changes');
    // realtime_channel.ex handle_info(:postgres_subscribe): push_system_message("postgres_changes", socket, "error", error, channel_name).
    expect(system).toMatchObject({ extension: 'postgres_changes', status: 'error', channel: channel.channel.subTopic });
    return { channel, message: system.message as string };
  }

  /** A channel beside it with the served binding alone receives a message for Alice; the refused channel, nothing. */
  async function nothingDelivered(channel: Recorded): Promise<void> {
    const control = listen(realtimeClient(stack, alice.token), [{ event: '*', filter: `receiver_id=eq.${alice.id}` }]);
    await ready(control);
    const message = await insertMessage(stack, admin.id, alice.id, 'Pour le canal témoin');
    await insertNote(alice.id, 'pour personne');
    await control.changes[0]!.next((c) => c.new.id === message.id);
    await settle();
    expect(channel.frames.items.filter((f) => f.event === 'postgres_changes')).toEqual([]);
    expect(channel.changes.flatMap((inbox) => inbox.items)).toEqual([]);
  }

  it('a table outside the publication: Realtime’s error names it, and the other binding delivers nothing either', async () => {
    const { channel, message } = await refused([{ event: '*', filter: `receiver_id=eq.${alice.id}` }, { event: '*', table: unpublished }]);
    // subscriptions.ex create/5: no row inserted for that binding rolls back the whole transaction.
    expect(message).toBe(
      `Unable to subscribe to changes with given parameters. Please check Realtime is enabled for the given connect parameters: [event: *, schema: public, table: ${unpublished}, filters: [], select: nil]`,
    );
    await nothingDelivered(channel);
  });

  it('a filter Realtime cannot parse: its parse error, and nothing delivered', async () => {
    const { channel, message } = await refused([{ event: '*', filter: `receiver_id=eq.${alice.id}` }, { event: '*', table: notes, filter: 'owner=foo.bar' }]);
    // cdc_rls.ex subscription_list/1 halts on Subscriptions.parse_subscription_params's error
    // ({:malformed_subscription_params, reason}): the reason alone, as realtime_channel_test.exs shows.
    expect(message).toBe('Error parsing `filter` params: ["foo", "bar"]');
    await nothingDelivered(channel);
  });

  it('a filter value of the wrong type: the exception as Postgrex words it, and nothing delivered', async () => {
    const { channel, message } = await refused([{ event: '*', filter: `receiver_id=eq.${alice.id}` }, { event: '*', table: notes, filter: 'owner=eq.nope' }]);
    // subscriptions.ex create/5 with Exception.message of the Postgrex error (subscriptions_test.exs
    // "filter value is incompatible with column type"): ERROR <sqlstate> (<condition>) <message>.
    expect(message).toBe(
      `Unable to subscribe to changes with given parameters. An exception happened so please check your connect parameters: [event: *, schema: public, table: ${notes}, filters: [{"owner", "eq", "nope", false}], select: nil]. Exception: ERROR 22P02 (invalid_text_representation) invalid input syntax for type uuid: "nope"`,
    );
    await nothingDelivered(channel);
  });

  it('several that cannot be served: the first parse error, or else the last binding that fails its check', async () => {
    // cdc_rls.ex subscription_list/1 parses in order and stops at the first malformed binding.
    const parse = await refused([{ event: '*', table: notes, filter: 'owner=eq.nope' }, { event: '*', filter: 'receiver_id=foo.bar' }, { event: '*', table: unpublished }]);
    expect(parse.message).toBe('Error parsing `filter` params: ["foo", "bar"]');
    // It builds its list by prepending, and subscriptions.ex create/5 inserts that list in a
    // transaction that stops at the first failure: the last binding is tried first.
    const check = await refused([{ event: '*', table: unpublished }, { event: '*', table: notes, filter: 'nope=eq.1' }]);
    expect(check.message).toBe(
      `Unable to subscribe to changes with given parameters. An exception happened so please check your connect parameters: [event: *, schema: public, table: ${notes}, filters: [{"nope", "eq", "1", false}], select: nil]. Exception: ERROR P0001 (raise_exception) invalid column for filter nope`,
    );
  });
});

// PostgREST conformance through the unmodified supabase-js: a throwaway cluster with the
// conformance fixture (conformance-fixture.sql, a schema of its own), the gateway serving only
// /rest/v1 with aggregates on, `db-tx-end = commit-allow-override` and the schemas `public` and
// `archive` exposed. Every expected answer is
// PostgREST 12–14's documented behaviour: statuses, codes, messages, details and hints included.
import { readFileSync } from 'node:fs';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ws from 'ws';
import type { Cluster } from '../../db/cluster.ts';
import { preparedCluster } from '../../db/cluster-template.ts';
import type { Gateway } from '../gateway.ts';
import { startServiceGateway } from '../service-gateway.ts';
import { restService } from './service.ts';

const fixture = readFileSync(new URL('./conformance-fixture.sql', import.meta.url), 'utf8');

let cluster: Cluster;
let gateway: Gateway;
/** The same database behind PostgREST's defaults (aggregates off, db-tx-end = commit). */
let defaultsGateway: Gateway;
let defaults: SupabaseClient<Untyped>;
let db: pg.Client;
let rest: SupabaseClient<Untyped>;
/** Untyped tables, as a project without generated types has, on PostgREST 13+ (max-affected). */
type UntypedSchema = { Tables: any; Views: any; Functions: any; Enums: any; CompositeTypes: any };
type Untyped = { __InternalSupabase: { PostgrestVersion: '13' }; public: UntypedSchema; archive: UntypedSchema; secret: UntypedSchema };

let url: string;
let key: string;

beforeAll(async () => {
  cluster = await preparedCluster('bootstrap');
  db = new pg.Client({ connectionString: cluster.url });
  await db.connect();
  await db.query(fixture);
  const keys = await startServiceGateway(cluster, { '/rest/v1': restService({ aggregatesEnabled: true, txEnd: 'commit-allow-override', schemas: ['public', 'archive'] }) });
  gateway = keys.gateway;
  url = keys.apiUrl;
  key = keys.publishableKey;
  // Node 20 has no global WebSocket; realtime-js needs a transport even when unused.
  rest = createClient<Untyped>(url, key, { auth: { persistSession: false, autoRefreshToken: false }, realtime: { transport: ws as never } });
  const plain = await startServiceGateway(cluster, { '/rest/v1': restService() });
  defaultsGateway = plain.gateway;
  defaults = createClient<Untyped>(plain.apiUrl, plain.publishableKey, { auth: { persistSession: false, autoRefreshToken: false }, realtime: { transport: ws as never } });
}, 120_000);

afterAll(async () => {
  await db?.end();
  await gateway?.close();
  await defaultsGateway?.close();
  await cluster?.stop();
});

/** What supabase-js surfaces of an error: PostgREST's body. */
const failure = (code: string, message: string, details: unknown = null, hint: unknown = null) => ({ code, message, details, hint });

describe('writes', () => {
  it('answers 200 to an upsert that only updated, 201 when it inserted a row', async () => {
    const updated = await rest.from('notes').upsert({ id: 1, body: 'rewritten' }).select();
    expect(updated).toMatchObject({ status: 200, data: [{ id: 1, body: 'rewritten' }], error: null });
    const mixed = await rest.from('notes').upsert([{ id: 1, body: 'again' }, { id: 2, body: 'new' }]);
    expect(mixed.status).toBe(201);
    const minimal = await rest.from('notes').upsert({ id: 2, body: 'newer' });
    expect(minimal.status).toBe(200);
    const ignored = await rest.from('notes').upsert({ id: 2, body: 'ignored' }, { ignoreDuplicates: true });
    expect(ignored.status).toBe(201);
  });

  it('rolls back with Prefer: tx=rollback, and says so', async () => {
    const { data, error, status } = await rest.from('notes').insert({ id: 50, body: 'never kept' }).select().rollback();
    expect({ data, error, status }).toEqual({ data: [{ id: 50, body: 'never kept' }], error: null, status: 201 });
    const response = await fetch(`${url}/rest/v1/notes?id=eq.1`, {
      method: 'PATCH',
      headers: { apikey: key, 'Content-Type': 'application/json', Prefer: 'tx=rollback, return=minimal' },
      body: JSON.stringify({ body: 'rolled back' }),
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('preference-applied')).toBe('return=minimal, tx=rollback');
    expect((await db.query('select body from notes where id in (1, 50) order by id')).rows).toEqual([{ body: 'again' }]);
  });

  it('fills missing keys with each column default on Prefer: missing=default, evaluated for every row', async () => {
    await db.query("select setval('ticket_codes', 100)");
    const { data, status } = await rest.from('tickets').insert([{ id: 1, code: 7 }, { id: 2, label: 'second' }], { defaultToNull: false }).select().order('id');
    expect(status).toBe(201);
    // PostgREST computes the defaults of every inserted column for each row: the sequence moves twice.
    expect(data).toEqual([{ id: 1, code: 7, label: 'sans titre' }, { id: 2, code: 102, label: 'second' }]);
  });

  it('enforces Prefer: max-affected on a function call, rolling it back', async () => {
    const refused = await rest.rpc('like_all', { channel: 10 }).maxAffected(1);
    expect(refused.status).toBe(400);
    expect(refused.error).toEqual(failure('PGRST124', 'Query result exceeds max-affected preference constraint', 'The query affects 2 rows'));
    expect((await db.query('select sum(likes)::int as likes from messages where channel_id = 10')).rows).toEqual([{ likes: 4 }]);
    const allowed = await rest.rpc('like_all', { channel: 20 }).maxAffected(2);
    expect(allowed.status).toBe(200);
    expect((allowed.data as unknown[]).length).toBe(2);
  });
});

describe('embeds', () => {
  it('leaves an empty embed out of the answer, using it only to filter', async () => {
    const { data, error } = await rest.from('channels').select('id, messages!inner()').order('id');
    expect(error).toBeNull();
    expect(data).toEqual([{ id: 10 }, { id: 20 }]);
  });

  it('refuses the same embed twice without an alias, as Postgres does (42712)', async () => {
    const { error, status } = await rest.from('channels').select('id, messages(id), messages(body)');
    expect(status).toBe(400);
    expect(error).toEqual(failure('42712', 'table name "channels_messages_1" specified more than once'));
  });
});

describe('spread embeds', () => {
  it('lifts a to-one embed\'s columns into its parent, nested spreads included', async () => {
    const { data, error } = await rest.from('messages').select('id, ...channels(channel:name, ...users!channels_owner_id_fkey(owner:username))').lt('id', 4).order('id');
    expect(error).toBeNull();
    expect(data).toEqual([
      { id: 1, channel: 'general', owner: 'ada' },
      { id: 2, channel: 'general', owner: 'ada' },
      { id: 3, channel: 'random', owner: 'brahim' },
    ]);
  });

  it('turns each column of a to-many spread into an array', async () => {
    const { data, error } = await rest.from('channels').select('name, ...messages(bodies:body)').eq('id', 10);
    expect(error).toBeNull();
    expect(data).toEqual([{ name: 'general', bodies: ['bonjour à tous', 'salut ada'] }]);
  });
});

describe('relationships', () => {
  it('embeds through a junction table, many-to-many', async () => {
    const { data, error } = await rest.from('users').select('username, channels!memberships(name)').order('id');
    expect(error).toBeNull();
    expect(data).toEqual([
      { username: 'ada', channels: [{ name: 'general' }] },
      { username: 'brahim', channels: [{ name: 'general' }, { name: 'random' }] },
      { username: 'chloe', channels: [{ name: 'random' }] },
    ]);
  });

  it('lists every candidate of an ambiguous embed from the origin\'s side (PGRST201)', async () => {
    const both = await rest.from('users').select('username, channels(name)');
    expect(both.status).toBe(300);
    expect(both.error).toEqual(failure('PGRST201', "Could not embed because more than one relationship was found for 'users' and 'channels'", [
      { cardinality: 'one-to-many', embedding: 'users with channels', relationship: 'channels_owner_id_fkey using users(id) and channels(owner_id)' },
      { cardinality: 'many-to-many', embedding: 'users with channels', relationship: 'memberships using memberships_user_id_fkey(user_id) and memberships_channel_id_fkey(channel_id)' },
    ], "Try changing 'channels' to one of the following: 'channels!channels_owner_id_fkey', 'channels!memberships'. Find the desired relationship in the 'details' key."));
    const reverse = await rest.from('users').select('reports(id)');
    expect(reverse.error?.details).toEqual([
      { cardinality: 'one-to-many', embedding: 'users with reports', relationship: 'reports_reported_id_fkey using users(id) and reports(reported_id)' },
      { cardinality: 'one-to-many', embedding: 'users with reports', relationship: 'reports_reporter_id_fkey using users(id) and reports(reporter_id)' },
    ]);
  });

  it('suggests the closest related table when none matches (PGRST200)', async () => {
    const { error, status } = await rest.from('channels').select('id, mesages(id)');
    expect(status).toBe(400);
    expect(error).toEqual(failure('PGRST200', "Could not find a relationship between 'channels' and 'mesages' in the schema cache",
      "Searched for a foreign key relationship between 'channels' and 'mesages' in the schema 'public', but no matches were found.",
      "Perhaps you meant 'messages' instead of 'mesages'."));
  });

  it('gives a view the foreign keys of the table columns it shows', async () => {
    const { data, error } = await rest.from('message_view').select('body, channels(name), users(username)').eq('message_id', 1);
    expect(error).toBeNull();
    expect(data).toEqual([{ body: 'bonjour à tous', channels: { name: 'general' }, users: { username: 'ada' } }]);
    const back = await rest.from('channels').select('name, message_view(message_id)').eq('id', 20);
    expect(back.data).toEqual([{ name: 'random', message_view: [{ message_id: 3 }, { message_id: 4 }] }]);
  });
});

describe('functions of a row', () => {
  it('reads a computed field like a column, in select, filters and order', async () => {
    const { data, error } = await rest.from('messages').select('id, blurb_message').eq('blurb_message', 'salut…');
    expect(error).toBeNull();
    expect(data).toEqual([{ id: 2, blurb_message: 'salut…' }]);
  });

  it('embeds a computed relationship: set-returning as an array, single-row as an object', async () => {
    const { data, error } = await rest.from('channels').select('id, msgs:get_messages(id, body), owner_of(username)').in('id', [10, 20]).order('id');
    expect(error).toBeNull();
    expect(data).toEqual([
      { id: 10, msgs: [{ id: 1, body: 'bonjour à tous' }, { id: 2, body: 'salut ada' }], owner_of: { username: 'ada' } },
      { id: 20, msgs: [{ id: 3, body: 'un lien amusant' }, { id: 4, body: 'merci' }], owner_of: { username: 'brahim' } },
    ]);
  });
});

describe('functions (RPC)', () => {
  it('embeds from the rows a function returns', async () => {
    const { data, error } = await rest.rpc('channel_messages', { channel: 10 }).select('id, users(username), blurb_message');
    expect(error).toBeNull();
    expect(data).toEqual([{ id: 1, users: { username: 'ada' }, blurb_message: 'bonjo…' }, { id: 2, users: { username: 'brahim' }, blurb_message: 'salut…' }]);
  });

  it('passes the whole body to a function of one unnamed parameter, by Content-Type', async () => {
    const post = (fn: string, type: string, body: RequestInit['body']) =>
      fetch(`${url}/rest/v1/rpc/${fn}`, { method: 'POST', headers: { apikey: key, 'Content-Type': type }, body });
    const text = await post('echo_text', 'text/plain', 'bonjour');
    expect([text.status, await text.json()]).toEqual([200, 'text:bonjour']);
    const bytes = await post('echo_bytes', 'application/octet-stream', new Blob([new Uint8Array([0, 1, 2, 255])]));
    expect([bytes.status, await bytes.json()]).toEqual([200, 4]);
    const json = await rest.rpc('echo_json', { any: ['shape'] });
    expect(json).toMatchObject({ status: 200, data: { got: { any: ['shape'] } } });
    const wrong = await post('echo_bytes', 'text/plain', 'nope');
    expect([wrong.status, await wrong.json()]).toEqual([404, failure('PGRST202', 'Could not find the function public.echo_bytes in the schema cache',
      'Searched for the function public.echo_bytes with a single unnamed text parameter, but no matches were found in the schema cache.')]);
  });

  it('words PGRST202 and PGRST203 as PostgREST does, hints and candidate order included', async () => {
    const ambiguous = await rest.rpc('describe', { value: 1 });
    expect(ambiguous.status).toBe(300);
    expect(ambiguous.error).toEqual(failure('PGRST203', 'Could not choose the best candidate function between: public.describe(value => integer), public.describe(value => text)', null,
      'Try renaming the parameters or the function itself in the database so function overloading can be resolved'));
    const misnamedArgument = await rest.rpc('describe', { valeu: 1 });
    expect(misnamedArgument.error).toEqual(failure('PGRST202', 'Could not find the function public.describe(valeu) in the schema cache',
      'Searched for the function public.describe with parameter valeu or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.',
      'Perhaps you meant to call the function public.describe(value)'));
    const misnamedFunction = await rest.rpc('echo_txt');
    expect(misnamedFunction.error).toEqual(failure('PGRST202', 'Could not find the function public.echo_txt without parameters in the schema cache',
      'Searched for the function public.echo_txt without parameters or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.',
      'Perhaps you meant to call the function public.echo_text'));
  });
});

describe('media types', () => {
  it('answers text/csv: a header of the columns, then one line per row', async () => {
    const { data, error, status } = await rest.from('users').select('id, username, age').order('id').csv();
    expect({ error, status }).toEqual({ error: null, status: 200 });
    expect(data).toBe('id,username,age\n1,ada,36\n2,brahim,24\n3,chloe,30');
    const quoted = await rest.from('messages').select('id, body').eq('id', 3).csv();
    expect(quoted.data).toBe('id,body\n3,"un lien amusant"');
    const response = await fetch(`${url}/rest/v1/users?id=eq.0`, { headers: { apikey: key, Accept: 'text/csv' } });
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(await response.text()).toBe('\n');
  });
});

describe('aggregates (db-aggregates-enabled)', () => {
  it('counts rows, whole or per embedded parent', async () => {
    expect((await rest.from('users').select('count()')).data).toEqual([{ count: 3 }]);
    const { data, error } = await rest.from('users').select('username, messages(count())').order('id');
    expect(error).toBeNull();
    expect(data).toEqual([
      { username: 'ada', messages: [{ count: 1 }] },
      { username: 'brahim', messages: [{ count: 2 }] },
      { username: 'chloe', messages: [{ count: 1 }] },
    ]);
  });

  it('groups by the other selected columns, with aliases and casts', async () => {
    const { data, error } = await rest.from('messages').select('channel_id, count(), last:id.max(), id.sum()::text').order('channel_id');
    expect(error).toBeNull();
    expect(data).toEqual([{ channel_id: 10, count: 2, last: 2, sum: '3' }, { channel_id: 20, count: 2, last: 4, sum: '7' }]);
    expect((await rest.from('users').select('age.avg(), age.min()')).data).toEqual([{ avg: 30, min: 24 }]);
  });

  it('refuses aggregates when db-aggregates-enabled is off, as PostgREST does by default', async () => {
    const { error, status } = await defaults.from('users').select('count()');
    expect(status).toBe(400);
    expect(error).toEqual(failure('PGRST123', 'Use of aggregate functions is not allowed'));
  });
});

describe('db-tx-end = commit (the default)', () => {
  it('ignores Prefer: tx=rollback and commits', async () => {
    const { status } = await defaults.from('notes').insert({ id: 60, body: 'kept' }).rollback();
    expect(status).toBe(201);
    expect((await db.query('select body from notes where id = 60')).rows).toEqual([{ body: 'kept' }]);
  });
});

describe('exposed schemas (Accept-Profile / Content-Profile)', () => {
  it('reads, writes and calls functions in another exposed schema', async () => {
    const archive = rest.schema('archive');
    expect(await archive.from('old_messages').select('id, body')).toMatchObject({ status: 200, data: [{ id: 1, body: 'archivé' }] });
    expect((await archive.from('old_messages').insert({ id: 2, body: 'encore' })).status).toBe(201);
    expect(await archive.rpc('count_old')).toMatchObject({ status: 200, data: 2 });
    const response = await fetch(`${url}/rest/v1/users?select=id&limit=1`, { headers: { apikey: key } });
    expect(response.headers.get('content-profile')).toBe('public');
    const other = await fetch(`${url}/rest/v1/old_messages?select=id&limit=1`, { headers: { apikey: key, 'Accept-Profile': 'archive' } });
    expect(other.headers.get('content-profile')).toBe('archive');
  });

  it('refuses a schema that is not exposed (PGRST106) and looks for names in the profile\'s schema only', async () => {
    const { error, status } = await rest.schema('secret').from('users').select();
    expect(status).toBe(406);
    expect(error).toEqual(failure('PGRST106', 'Invalid schema: secret', null, 'Only the following schemas are exposed: public, archive'));
    const missing = await rest.schema('archive').from('users').select();
    expect(missing.status).toBe(404);
    expect(missing.error).toMatchObject({ code: 'PGRST205', message: "Could not find the table 'archive.users' in the schema cache" });
  });
});

describe('db-max-rows', () => {
  it('answers at most max-rows rows at every level, counting all of them', async () => {
    const capped = await startServiceGateway(cluster, { '/rest/v1': restService({ maxRows: 2 }) });
    try {
      const client = createClient<Untyped>(capped.apiUrl, capped.publishableKey, { auth: { persistSession: false, autoRefreshToken: false }, realtime: { transport: ws as never } });
      const { data, count, status } = await client.from('users').select('id, messages(id)', { count: 'exact' }).order('id');
      expect({ data, count, status }).toEqual({ data: [{ id: 1, messages: [{ id: 1 }] }, { id: 2, messages: [{ id: 2 }, { id: 3 }] }], count: 3, status: 206 });
      expect((await client.from('messages').select('id').order('id').limit(5)).data).toEqual([{ id: 1 }, { id: 2 }]);
      expect((await client.rpc('channel_messages', { channel: 20 }).select('id')).data).toEqual([{ id: 3 }, { id: 4 }]);
      expect((await client.from('messages').select('id').order('id').limit(1)).data).toEqual([{ id: 1 }]);
    } finally {
      await capped.gateway.close();
    }
  });
});

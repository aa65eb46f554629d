// PostgREST conformance through the unmodified supabase-js: a throwaway cluster with the
// conformance fixture (conformance-fixture.sql, a schema of its own), the gateway serving only
// /rest/v1 with aggregates on and `db-tx-end = commit-allow-override`. Every expected answer is
// PostgREST 12–14's documented behaviour: statuses, codes, messages, details and hints included.
import { readFileSync } from 'node:fs';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ws from 'ws';
import { startCluster, type Cluster } from '../../db/cluster.ts';
import { applyBootstrap } from '../../db/migrate.ts';
import type { Gateway } from '../gateway.ts';
import { startServiceGateway } from '../service-gateway.ts';
import { restService } from './service.ts';

const fixture = readFileSync(new URL('./conformance-fixture.sql', import.meta.url), 'utf8');

let cluster: Cluster;
let gateway: Gateway;
let db: pg.Client;
/** Untyped tables, as a project without generated types has, on PostgREST 13+ (max-affected). */
type Untyped = { __InternalSupabase: { PostgrestVersion: '13' }; public: { Tables: any; Views: any; Functions: any; Enums: any; CompositeTypes: any } };
let rest: SupabaseClient<Untyped>;
let url: string;
let key: string;

beforeAll(async () => {
  cluster = await startCluster({ persistent: false });
  await applyBootstrap(cluster.url);
  db = new pg.Client({ connectionString: cluster.url });
  await db.connect();
  await db.query(fixture);
  const keys = await startServiceGateway(cluster, { '/rest/v1': restService({ aggregatesEnabled: true, txEnd: 'commit-allow-override' }) });
  gateway = keys.gateway;
  url = keys.apiUrl;
  key = keys.publishableKey;
  // Node 20 has no global WebSocket; realtime-js needs a transport even when unused.
  rest = createClient<Untyped>(url, key, { auth: { persistSession: false, autoRefreshToken: false }, realtime: { transport: ws as never } });
}, 120_000);

afterAll(async () => {
  await db?.end();
  await gateway?.close();
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

// The pipeline against a real server: statements in order with their rows as text, the failing
// statement's index, a connection that stays usable, and a bounded prepared-statement cache that
// stays true to the server's even when a failure makes Postgres skip the rest of a pipeline.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCluster, type Cluster } from '../../db/cluster.ts';
import { pipeline, PipelineError, type Statement } from './pipeline.ts';

let cluster: Cluster;
let pool: pg.Pool;

beforeAll(async () => {
  cluster = await startCluster({ persistent: false });
  pool = new pg.Pool({ connectionString: cluster.url, max: 1 });
});

afterAll(async () => {
  await pool?.end();
  await cluster?.stop();
});

async function withClient<T>(run: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    return await run(client);
  } finally {
    client.release();
  }
}

async function preparedTexts(client: pg.PoolClient): Promise<string[]> {
  const { rows } = await client.query<{ statement: string }>("select statement from pg_prepared_statements where name like 'pgrst_%' order by statement");
  return rows.map((row) => row.statement);
}

describe('pipeline', () => {
  it('runs statements in order in one transaction and returns their rows as text', async () => {
    const results = await withClient((client) =>
      pipeline(client, [
        { text: 'begin' },
        { text: "select set_config('app.x', $1, true)", values: ['42'] },
        { text: "select current_setting('app.x') as x, $1::int + 1 as y, null as z", values: ['1'] },
        { text: 'select g from generate_series(1, 3) g' },
        { text: 'commit' },
      ]));
    expect(results).toEqual([[], [['42']], [['42', '2', null]], [['1'], ['2'], ['3']], []]);
  });

  it('reports which statement failed and leaves the connection usable', async () => {
    await withClient(async (client) => {
      const failure = await pipeline(client, [{ text: 'begin' }, { text: 'select 1' }, { text: 'select 1/0' }, { text: 'select 2' }]).catch((e: unknown) => e);
      expect(failure).toBeInstanceOf(PipelineError);
      expect(failure).toMatchObject({ index: 2, error: { code: '22012' } });
      await client.query('rollback');
      expect(await pipeline(client, [{ text: 'select 3' }])).toEqual([[['3']]]);
    });
  });

  it('prepares repeated statements, keeps at most 32 per connection, and recovers from a failed pipeline', async () => {
    await withClient(async (client) => {
      for (let round = 0; round < 3; round++) {
        for (let i = 0; i < 40; i++) expect(await pipeline(client, [{ text: `select ${i} + $1::int as n`, values: ['1'] }])).toEqual([[[String(i + 1)]]]);
      }
      const { rows } = await client.query<{ n: string }>("select count(*) as n from pg_prepared_statements where name like 'pgrst_%'");
      expect(Number(rows[0]!.n)).toBeGreaterThan(0);
      expect(Number(rows[0]!.n)).toBeLessThanOrEqual(32);

      // A statement prepared in a pipeline that then fails is closed and prepared again on next use.
      const repeated = { text: 'select 7 as seven' };
      await pipeline(client, [repeated]);
      await expect(pipeline(client, [repeated, { text: 'select 1/0' }])).rejects.toBeInstanceOf(PipelineError);
      expect(await pipeline(client, [repeated])).toEqual([[['7']]]);
      expect(await pipeline(client, [repeated])).toEqual([[['7']]]);
    });
  });

  // A Close that evicts the oldest statement goes after the Parse of the newcomer; when that Parse,
  // or an earlier statement, fails, Postgres skips the Close until the Sync. The evicted statement
  // then still exists, and preparing it again under its name must not fail with 42P05.
  it.each([
    { failure: 'an earlier statement failed', code: '22012', failing: (tag: string) => ({ text: `select 1/0 as ${tag}` }), seenBefore: false },
    { failure: "the newcomer's own Parse failed", code: '42703', failing: (tag: string) => ({ text: `select no_such_column as ${tag}` }), seenBefore: true },
  ])('closes a statement evicted after $failure before preparing it again', async ({ code, failing, seenBefore }) => {
    const tag = `evicted_${code}`;
    await withClient(async (client) => {
      // Statements seen once are prepared under their name on their next use; seen on no other
      // connection, the failing one of the first case stays unnamed and evicts nothing itself.
      const newcomer: Statement = { text: `select 'new' as ${tag}` };
      const failed = failing(tag);
      const statements = seenBefore ? [failed] : [failed, newcomer];
      await pipeline(client, [newcomer]);
      if (seenBefore) await expect(pipeline(client, [failed])).rejects.toMatchObject({ error: { code } });

      const cached = Array.from({ length: 32 }, (_, i): Statement => ({ text: `select ${i} as ${tag}_${i}` }));
      for (const statement of cached) {
        await pipeline(client, [statement]);
        await pipeline(client, [statement]);
      }
      expect(await preparedTexts(client)).toEqual(cached.map((s) => s.text).sort());

      // The failing pipeline prepares a 33rd statement: its Close of cached[0] is skipped.
      await expect(pipeline(client, statements)).rejects.toMatchObject({ index: 0, error: { code } });
      expect(await preparedTexts(client)).toContain(cached[0]!.text);

      expect(await pipeline(client, [cached[0]!])).toEqual([[['0']]]);
      expect(await pipeline(client, [newcomer])).toEqual([[['new']]]);
      expect((await preparedTexts(client)).length).toBeLessThanOrEqual(32);
    });
  });
});

// The pages follow the shop's own catalogue, end to end on the local platform: a published change
// marks them stale, and the rebuild-pages job (pg_cron, as its own role) calls the build hook at
// Vault's pages_build_hook_url through pg_net, one POST with no body; the receiver builds; the job's
// next run records the success. A hook that cannot be reached is recorded as a failure to retry.
// Also the receiver itself: its secret path, POST only, builds one at a time.
import { once } from 'node:events';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Cluster } from '../db/cluster.ts';
import { preparedCluster } from '../db/cluster-template.ts';
import { freePort } from '../lib/free-port.ts';
import { startPagesBuildHook, type PagesBuildHook } from './pages-build-hook.ts';
import { startPgNetWorker, type PgNetWorker } from './pg-net/worker.ts';
import { storeVaultSecrets } from './vault-secrets.ts';

let cluster: Cluster;
let worker: PgNetWorker;
let db: pg.Client;
let hook: PagesBuildHook;
let builds = 0;

beforeAll(async () => {
  cluster = await preparedCluster('migrations');
  worker = await startPgNetWorker(cluster.url);
  db = new pg.Client({ connectionString: cluster.url });
  await db.connect();
  hook = await startPagesBuildHook(async () => {
    builds += 1;
  });
  await storeVaultSecrets(cluster.url, { pages_build_hook_url: hook.url });
}, 60_000);
afterAll(async () => {
  await hook?.stop();
  await db?.end();
  await worker?.close();
  await cluster?.stop();
});

const freshness = async () =>
  (await db.query<{ stale_since: Date | null; request_id: string | null; last_success_at: Date | null; failed_calls: number; last_failure: string | null }>(
    'select stale_since, request_id, last_success_at, failed_calls, last_failure from private.pages_freshness',
  )).rows[0]!;

/** Waits until pg_net's worker has recorded the outcome of a request: nothing announces it. */
async function answered(requestId: string | null): Promise<void> {
  await vi.waitFor(
    async () => {
      const { rowCount } = await db.query('select 1 from net._http_response where id = $1', [requestId]);
      if (!rowCount) throw new Error('pg_net has not recorded the outcome yet');
    },
    { timeout: 20_000, interval: 200 },
  );
}

describe('the rebuild-pages job and the build hook', () => {
  it('calls the hook at the next minute once a published change has settled, and records its answer', { timeout: 90_000 }, async () => {
    expect((await freshness()).stale_since).toBeNull();
    await db.query(`insert into public.products (id, title, status) values ('prod_hook', 'Rituel du soir', 'published')`);
    expect((await freshness()).stale_since).not.toBeNull();
    // Settled already (the debounce itself is pages_freshness.test.sql's): the next run calls.
    await db.query(`update private.pages_freshness set last_change_at = last_change_at - interval '31 seconds'`);

    const called = once(hook.events, 'called');
    const built = once(hook.events, 'built');
    const [body] = await called;
    const { request_id: requestId } = await freshness();
    expect(requestId).not.toBeNull();
    expect(body).toBe('');
    const [error] = await built;
    expect(error).toBeUndefined();
    expect(builds).toBe(1);
    // The job's next run reads the hook's answer, once pg_net has recorded it: run here rather than waited for.
    await answered(requestId);
    expect((await db.query('select private.call_pages_build_hook() as step')).rows[0].step).toBe('the pages follow the catalogue');
    const state = await freshness();
    expect(state).toMatchObject({ stale_since: null, request_id: null, failed_calls: 0, last_failure: null });
    expect(state.last_success_at).not.toBeNull();
    expect(builds).toBe(1);
  });

  it('records a hook it cannot reach as a failure, retried later', { timeout: 30_000 }, async () => {
    // A port nothing listens on.
    await storeVaultSecrets(cluster.url, { pages_build_hook_url: `http://127.0.0.1:${await freePort()}/build_hooks/unreachable` });
    await db.query(`update private.pages_freshness set stale_since = now() - interval '1 minute', last_change_at = now() - interval '1 minute'`);
    expect((await db.query('select private.call_pages_build_hook() as step')).rows[0].step).toBe('build hook called');
    await answered((await freshness()).request_id);
    expect((await db.query('select private.call_pages_build_hook() as step')).rows[0].step).toBe('retrying later');
    expect(await freshness()).toMatchObject({ failed_calls: 1, last_failure: "Couldn't connect to server", request_id: null });
    expect((await freshness()).stale_since).not.toBeNull();
  });
});

describe('the build hook', () => {
  it('answers a POST to its secret path alone', async () => {
    const other = new URL(hook.url);
    other.pathname = '/build_hooks/guessed';
    expect((await fetch(other, { method: 'POST' })).status).toBe(404);
    expect((await fetch(hook.url)).status).toBe(405);
    const before = builds;
    const built = once(hook.events, 'built');
    expect((await fetch(hook.url, { method: 'POST' })).status).toBe(200);
    await built;
    expect(builds).toBe(before + 1);
  });

  it('builds one at a time, and once more for the calls made during a build', async () => {
    let release: () => void = () => undefined;
    let started = 0;
    const slow = await startPagesBuildHook(async () => {
      started += 1;
      if (started === 1) await new Promise<void>((resolve) => (release = resolve));
    });
    try {
      const ends: Array<Error | undefined> = [];
      slow.events.on('built', (error) => ends.push(error));
      await fetch(slow.url, { method: 'POST' });
      await fetch(slow.url, { method: 'POST' });
      await fetch(slow.url, { method: 'POST' });
      expect(started).toBe(1);
      const second = once(slow.events, 'built').then(() => once(slow.events, 'built'));
      release();
      await second;
      expect(started).toBe(2);
      expect(ends).toEqual([undefined, undefined]);
    } finally {
      await slow.stop();
    }
  });
});

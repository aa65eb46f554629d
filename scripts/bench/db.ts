// `npm run bench:db`: the dashboard and admin queries on a large history, and the storefront's
// read of the shop's own catalogue (1,000 products, 5,000 variants, as anon), through RLS.
// Seeds a throwaway cluster at scale, then times each query as the signed-in customer (or the
// administrator) under RLS against the same query run by `service_role`, which bypasses RLS.
// Fails when a ratio or a p95 misses its target, or when a query scans a large table sequentially:
// seen in its plan, and in the tables' scan counters around one run, which also catches what a
// function does inside (EXPLAIN shows a function call as one opaque node).
import pg from 'pg';
import { startCluster } from '../db/cluster.ts';
import { applyBootstrap, applyMigrations } from '../db/migrate.ts';
import { done, step } from '../lib/log.ts';
import { adminUsersLargeTables, adminUsersQueries } from './admin-users-queries.ts';
import { analyticsLargeTables, analyticsQueries, generateTraffic } from './analytics-queries.ts';
import { catalogueQueries, catalogueSize, catalogueTables, generateCatalogue } from './catalogue-queries.ts';
import { dashboardQueries, type BenchQuery } from './dashboard-queries.ts';
import { fullScale, generateHistory, type HistorySize } from './generate-history.ts';
import { formatMs, median, percentile, timeRuns } from './stats.ts';

const runs = Number(process.env.BENCH_RUNS ?? 200);
const ratioTarget = 1.5;
const p95TargetMs = 20;
const largeTables = ['orders', 'order_items', 'user_messages', 'contact_messages', 'profiles', ...adminUsersLargeTables, ...analyticsLargeTables, ...catalogueTables];
const scale: HistorySize = process.env.BENCH_SCALE === 'small'
  ? { customers: 500, orders: 5_000, itemsPerOrder: 3, chatMessages: 50_000, contactMessages: 2_500 }
  : fullScale;
const pageViews = process.env.BENCH_SCALE === 'small' ? 50_000 : 1_000_000;

async function asRole(pool: pg.Pool, role: string, claims: object, sql: string, params: unknown[]): Promise<pg.QueryResult> {
  const client = await pool.connect();
  try {
    await client.query('begin read only');
    await client.query(`select set_config('role', $1, true), set_config('request.jwt.claims', $2, true)`, [role, JSON.stringify(claims)]);
    const result = await client.query(sql, params);
    await client.query('commit');
    return result;
  } finally {
    client.release();
  }
}

/**
 * Large tables that one run of the query scanned sequentially, from PostgreSQL's own counters.
 * The query runs on the superuser's connection switched to the caller's role and claims, so the
 * same backend can flush its counters at once and read them back.
 */
async function countedSequentialScans(superuser: pg.Client, role: string, claims: object, query: BenchQuery): Promise<string[]> {
  const counters = async () => {
    await superuser.query('select pg_stat_force_next_flush()');
    await superuser.query('select pg_stat_clear_snapshot()');
    const { rows } = await superuser.query<{ relname: string; seq_scan: string }>(
      `select relname, seq_scan from pg_stat_user_tables where schemaname in ('public', 'private') and relname = any($1)`,
      [largeTables],
    );
    return new Map(rows.map((row) => [row.relname, Number(row.seq_scan)]));
  };
  const before = await counters();
  await superuser.query('begin read only');
  await superuser.query(`select set_config('role', $1, true), set_config('request.jwt.claims', $2, true)`, [role, JSON.stringify(claims)]);
  await superuser.query(query.sql, query.params);
  await superuser.query('commit');
  const after = await counters();
  return largeTables.filter((table) => (after.get(table) ?? 0) > (before.get(table) ?? 0));
}

function sequentialScans(plan: unknown): string[] {
  const found: string[] = [];
  const visit = (node: Record<string, unknown>) => {
    if (node['Node Type'] === 'Seq Scan' && largeTables.includes(String(node['Relation Name']))) found.push(String(node['Relation Name']));
    for (const child of (node.Plans as Record<string, unknown>[] | undefined) ?? []) visit(child);
  };
  visit((plan as Array<{ Plan: Record<string, unknown> }>)[0]!.Plan);
  return found;
}

const cluster = await startCluster({ persistent: false });
try {
  await applyBootstrap(cluster.url);
  await applyMigrations(cluster.url);
  const db = new pg.Client({ connectionString: cluster.url });
  await db.connect();
  step(`generating ${catalogueSize.products} products with ${catalogueSize.products * catalogueSize.variantsPerProduct} variants, ${scale.customers} customers, ${scale.orders} orders, ${scale.orders * scale.itemsPerOrder} items, ${scale.chatMessages} messages, ${scale.contactMessages} contact messages, ${pageViews} page views`);
  const started = Date.now();
  // The catalogue first, so that the traffic's closing vacuum covers it as autovacuum would a live
  // database: generated last, its count read `products` sequentially (an index-only scan needs its
  // pages marked all-visible, which its own vacuum, among the history's, left undone).
  const catalogue = await generateCatalogue(db);
  const history = await generateHistory(db, scale);
  await generateTraffic(db, { pageViews });
  done(`generated in ${((Date.now() - started) / 1000).toFixed(1)} s`);

  const pool = new pg.Pool({ connectionString: cluster.urlFor('authenticator'), max: 2 });
  const rows: string[] = [];
  const misses: string[] = [];
  for (const query of [...dashboardQueries(history), ...(await adminUsersQueries(db, history)), ...analyticsQueries(history), ...catalogueQueries(catalogue)]) {
    const role = query.role ?? 'authenticated';
    const claims = role === 'anon' ? { role } : { sub: query.as, role, aud: 'authenticated', email: 'bench@example.test' };
    const plan = await asRole(pool, role, claims, `explain (format json) ${query.sql}`, query.params);
    const counted = await countedSequentialScans(db, role, claims, query);
    const scans = [...new Set([...sequentialScans(plan.rows[0]['QUERY PLAN']), ...counted])];
    const rls = await timeRuns(() => asRole(pool, role, claims, query.sql, query.params), runs);
    const bypass = await timeRuns(() => asRole(pool, 'service_role', claims, query.sql, query.params), runs);
    const ratio = median(rls) / median(bypass);
    const p95 = percentile(rls, 95);
    const shownRatio = query.ratioTarget === null ? `(${ratio.toFixed(2)})` : ratio.toFixed(2);
    rows.push(
      `${query.name.padEnd(26)} ${formatMs(median(rls)).padStart(10)} ${formatMs(p95).padStart(10)} ${formatMs(median(bypass)).padStart(10)} ${shownRatio.padStart(6)}  ${scans.length ? `SEQ SCAN ${scans.join(',')}` : 'index'}`,
    );
    if (query.ratioTarget !== null && ratio >= ratioTarget) misses.push(`${query.name}: ratio ${ratio.toFixed(2)}`);
    if (p95 >= (query.p95TargetMs ?? p95TargetMs)) misses.push(`${query.name}: p95 ${formatMs(p95)}`);
    if (scans.length) misses.push(`${query.name}: sequential scan on ${scans.join(', ')}`);
  }
  await pool.end();
  await db.end();
  console.log(['', `${'query'.padEnd(26)} ${'RLS med'.padStart(10)} ${'RLS p95'.padStart(10)} ${'bypass med'.padStart(10)} ${'ratio'.padStart(6)}  plan`, ...rows, ''].join('\n'));
  console.log(misses.length ? `missed targets:\n  ${misses.join('\n  ')}` : `every ratio < ${ratioTarget} (in brackets: printed only), every p95 < ${p95TargetMs} ms (analytics < 100 ms), no sequential scan on a large table`);
  process.exitCode = misses.length ? 1 : 0;
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await cluster.stop();
}

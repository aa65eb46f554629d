// The analytics page and the dashboard tiles on a year of traffic: 1,000,000 page views, a
// checkout for every order and a fifth more abandoned, a download link for every third line.
// Loaded in bulk (triggers off, like generate-history), then the daily rollups rebuilt as the
// triggers would have kept them.
import type pg from 'pg';
import type { BenchQuery } from './dashboard-queries.ts';
import type { History } from './generate-history.ts';

export interface TrafficSize {
  pageViews: number;
}

/** Tables (schema public or private) that must never be read sequentially by these queries. */
export const analyticsLargeTables = ['page_views', 'checkout_sessions', 'download_links', 'daily_visitors'];

export async function generateTraffic(db: pg.Client, size: TrafficSize): Promise<void> {
  await db.query(`set session_replication_role = replica`);
  await db.query(
    `insert into private.page_views (path, referrer_host, created_at)
     select (array['/', '/store', '/product/1', '/product/2', '/about', '/contact'])[1 + g % 6],
            case when g % 4 = 0 then 'www.qwant.com' end, now() - (g % 365) * interval '1 day' - (g % 86400) * interval '1 second'
     from generate_series(1, $1::int) g`,
    [size.pageViews],
  );
  await db.query(
    `insert into private.daily_visits (day, page_views, visitors)
     select private.paris_day(created_at), count(*), count(*) / 3 from private.page_views group by 1`,
  );
  await db.query(
    `insert into public.checkout_sessions (id, user_id, items, total_amount_cents, status, created_at, cgv_version, consent_text, consented_at)
     select o.checkout_session_id, o.user_id, '[{}]', o.total_amount_cents, 'completed', o.created_at - interval '5 minutes', o.cgv_version, o.consent_text, o.consented_at from public.orders o`,
  );
  await db.query(
    `insert into public.checkout_sessions (id, user_id, items, total_amount_cents, status, created_at, cgv_version, consent_text, consented_at)
     select 'cs_abandoned_' || o.id, o.user_id, '[{}]', o.total_amount_cents, 'pending', o.created_at - interval '1 hour', o.cgv_version, o.consent_text, o.consented_at
     from public.orders o where o.checkout_session_id like '%5'`,
  );
  await db.query(
    `insert into public.download_links (user_id, order_item_id, object_path, created_at)
     select o.user_id, i.id, i.file_path, o.created_at + interval '1 hour'
     from public.order_items i join public.orders o on o.id = i.order_id where i.file_path is not null and i.id::text < '5'`,
  );
  await db.query(`set session_replication_role = origin`);
  await db.query('select private.rebuild_daily_sales()');
  // Vacuumed as a live database is: otherwise autovacuum wakes up for the fresh millions of rows
  // in the middle of the timings, and index-only counts fetch heap pages until it has run.
  await db.query('vacuum (analyze)');
}

export function analyticsQueries({ adminId: admin }: History): BenchQuery[] {
  return [
    { name: 'analytics days (365)', as: admin, sql: `select * from public.admin_analytics_daily(365)`, params: [], p95TargetMs: 100 },
    { name: 'analytics products (365)', as: admin, sql: `select * from public.admin_analytics_products(365)`, params: [], p95TargetMs: 100 },
    { name: 'orders export page (365)', as: admin, sql: `select * from public.admin_orders_export(365)`, params: [], p95TargetMs: 100 },
    {
      name: 'orders export last page',
      as: admin,
      sql: `select * from public.admin_orders_export(365, now() - interval '1 day', 'ffffffff-ffff-4fff-bfff-ffffffffffff')`,
      params: [],
      p95TargetMs: 100,
    },
  ];
}

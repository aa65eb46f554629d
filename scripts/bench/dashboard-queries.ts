// The queries the customer dashboard and the admin pages make (spec §7), written as the SQL
// the REST layer runs for them: the client's filters plus the JSON shaping, so RLS adds the
// policies' predicates on top, exactly as through the gateway.
import type { History } from './generate-history.ts';

export interface BenchQuery {
  name: string;
  /** The user whose claims the query runs with. */
  as: string;
  /** The role it runs as: a signed-in user's unless `anon` (a visitor, no `sub`). */
  role?: 'anon';
  sql: string;
  params: unknown[];
  /** Its p95 target when not the dashboards' 20 ms (the analytics page's year-long reads). */
  p95TargetMs?: number;
  /** Null: its ratio to bypassing RLS is printed, not held to the 1.5 target. */
  ratioTarget?: null;
}

export function dashboardQueries({ sampleCustomerId: customer, adminId: admin }: History): BenchQuery[] {
  return [
    {
      name: 'orders with items',
      as: customer,
      sql: `select coalesce(json_agg(o), '[]') from (
              select orders.*, coalesce((select json_agg(i) from public.order_items i where i.order_id = orders.id), '[]') as order_items
              from public.orders where orders.user_id = $1 order by orders.created_at desc) o`,
      params: [customer],
    },
    { name: 'orders count', as: customer, sql: `select count(*) from public.orders where user_id = $1`, params: [customer] },
    {
      name: 'items acquired',
      as: customer,
      sql: `select coalesce(sum(i.quantity), 0) from public.order_items i join public.orders o on o.id = i.order_id where o.user_id = $1`,
      params: [customer],
    },
    {
      name: 'library',
      as: customer,
      sql: `select coalesce(json_agg(i), '[]') from (
              select i.* from public.order_items i join public.orders o on o.id = i.order_id
              where o.user_id = $1 and i.file_path is not null) i`,
      params: [customer],
    },
    {
      name: 'chat thread',
      as: customer,
      sql: `select coalesce(json_agg(m), '[]') from (
              select * from public.user_messages where sender_id = $1 or receiver_id = $1 order by created_at asc) m`,
      params: [customer],
    },
    {
      name: 'unread count',
      as: customer,
      sql: `select count(*) from public.user_messages where receiver_id = $1 and is_read = false`,
      params: [customer],
    },
    {
      name: 'admin inbox first page',
      as: admin,
      sql: `select coalesce(json_agg(c), '[]') from (select * from public.contact_messages order by created_at desc limit 50) c`,
      params: [],
    },
    // The admin pages' two functions (POST /rest/v1/rpc/...). They are SECURITY DEFINER with their
    // own administrator check, so RLS adds nothing to them; what matters is their cost and plans.
    { name: 'admin stats', as: admin, sql: `select * from public.admin_dashboard_stats()`, params: [] },
    { name: 'admin conversations page', as: admin, sql: `select * from public.admin_conversations(50, 0)`, params: [] },
  ];
}

// The administrators' users page (`admin_users`): the first page, a deep page, and searches by an
// e-mail fragment and a name fragment, as the page calls them (POST /rest/v1/rpc/admin_users).
// SECURITY DEFINER with its own administrator check, so RLS adds nothing: what matters is the
// cost and the plans, at any number of accounts.
import type pg from 'pg';
import type { BenchQuery } from './dashboard-queries.ts';
import type { History } from './generate-history.ts';

/** Beside the dashboard's large tables, the users page's search table. */
export const adminUsersLargeTables = ['account_directory'];

const pageSize = 50;

/** The fragments come from a customer of the generated history, looked up as the superuser. */
export async function adminUsersQueries(db: pg.Client, { adminId: admin, sampleCustomerId }: History): Promise<BenchQuery[]> {
  const { rows } = await db.query<{ email: string; full_name: string; accounts: number }>(
    `select u.email, p.full_name, (select count(*)::integer from public.profiles) as accounts
     from auth.users u join public.profiles p on p.id = u.id where u.id = $1`,
    [sampleCustomerId],
  );
  const { email, full_name: fullName, accounts } = rows[0]!;
  // "dubois.42@" finds one account; "Lefèvr" (a last name, its accent dropped or not) about 200.
  const emailFragment = email.slice(email.indexOf('.') + 1, email.indexOf('@') + 1);
  const lastName = fullName.split(' ').at(-1)!;
  const nameFragment = lastName.slice(0, -1);
  return [
    { name: 'users first page', as: admin, sql: `select * from public.admin_users(null, $1, 0)`, params: [pageSize] },
    { name: 'users deep page', as: admin, sql: `select * from public.admin_users(null, $1, $2)`, params: [pageSize, Math.max(accounts - pageSize, 0)] },
    { name: 'users search e-mail', as: admin, sql: `select * from public.admin_users($1, $2, 0)`, params: [emailFragment, pageSize] },
    { name: 'users search name', as: admin, sql: `select * from public.admin_users($1, $2, 0)`, params: [nameFragment, pageSize] },
  ];
}

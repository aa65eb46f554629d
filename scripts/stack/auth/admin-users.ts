// The admin user endpoints that read and delete (GoTrue's adminUsers, adminUserGet,
// adminUserDelete), for callers with an admin role (the service_role key).
import { sendJson } from '../http.ts';
import { requireAdmin } from './authenticate.ts';
import { query, sqlState, transaction } from './db.ts';
import { internalError, notFound, validationFailed } from './errors.ts';
import { isUuid } from './identifiers.ts';
import { booleanField, readJsonObject } from './request.ts';
import type { AuthRequest, RouteHandler } from './route.ts';
import { logout } from './sessions.ts';
import { userJson, type UserRow } from './user-json.ts';
import { defaultAudience, findUserById, selectUsers } from './users.ts';

const defaultPerPage = 50;
// GoTrue has no ceiling; one keeps a careless per_page from loading every user at once.
const maxPerPage = 1000;

/** GoTrue's loadUser for /admin/users/:id, after the admin check. */
export async function loadUser({ req, params, deps }: AuthRequest): Promise<UserRow> {
  await requireAdmin(req, deps.context, deps.pool);
  const id = params.id ?? '';
  if (!isUuid(id)) throw notFound('validation_failed', 'user_id must be an UUID');
  const user = await findUserById(deps.pool, id);
  if (!user) throw notFound('user_not_found', 'User not found');
  return user;
}

function pageParameter(url: URL, name: string, fallback: number): number {
  const text = url.searchParams.get(name) ?? '';
  if (text === '') return fallback;
  if (!/^\d+$/.test(text) || !Number.isSafeInteger(Number(text))) {
    throw validationFailed(`Bad Pagination Parameters: strconv.ParseUint: parsing ${JSON.stringify(text)}: invalid syntax`);
  }
  return Number(text);
}

function sortDirection(url: URL): 'asc' | 'desc' {
  const sort = (url.searchParams.get('sort') ?? '').trim();
  if (sort === '') return 'desc';
  const [field, direction = 'asc', ...rest] = sort.split(/\s+/);
  if (field !== 'created_at' || rest.length > 0 || (direction !== 'asc' && direction !== 'desc')) {
    throw validationFailed(`Bad Sort Parameters: bad sort field ${JSON.stringify(sort)}`);
  }
  return direction;
}

/** GoTrue's addPaginationHeaders: links relative to the service, query keys sorted. */
function linkHeader(url: URL, page: number, totalPages: number): string {
  const link = (target: number) => {
    const query = new URLSearchParams(url.searchParams);
    query.set('page', String(target));
    query.sort();
    return `</admin/users?${query.toString()}>`;
  };
  return `${totalPages > page ? `${link(page + 1)}; rel="next", ` : ''}${link(totalPages)}; rel="last"`;
}

export const listUsers: RouteHandler = async ({ req, res, url, deps }) => {
  await requireAdmin(req, deps.context, deps.pool);
  const page = Math.max(1, pageParameter(url, 'page', 1));
  const perPage = Math.min(maxPerPage, pageParameter(url, 'per_page', defaultPerPage) || defaultPerPage);
  const direction = sortDirection(url);
  const filter = url.searchParams.get('filter') ?? '';
  const where = `where u.aud = $1${filter ? ` and (u.email like $2 or u.raw_user_meta_data->>'full_name' ilike $2)` : ''}`;
  const values: unknown[] = filter ? [defaultAudience, `%${filter}%`] : [defaultAudience];

  const [count] = await query<{ total: string }>(deps.pool, `select count(*)::text as total from auth.users u ${where}`, values);
  const total = Number(count?.total ?? 0);
  const users = await query<UserRow>(
    deps.pool,
    `${selectUsers} ${where} order by u.created_at ${direction}, u.id ${direction} limit $${values.length + 1} offset $${values.length + 2}`,
    [...values, perPage, (page - 1) * perPage],
  );
  sendJson(res, 200, { users: users.map(userJson), aud: defaultAudience }, {
    Link: linkHeader(url, page, Math.ceil(total / perPage)),
    'X-Total-Count': total,
  });
};

export const getUserById: RouteHandler = async (request) => {
  sendJson(request.res, 200, userJson(await loadUser(request)));
};

export const deleteUser: RouteHandler = async (request) => {
  const { req, res, deps } = request;
  const user = await loadUser(request);
  const body = await readJsonObject(req, { emptyIsObject: true });
  const softDelete = booleanField(body, 'should_soft_delete');
  try {
    await transaction(deps.pool, async (db) => {
      if (!softDelete) {
        await query(db, 'delete from auth.users where id = $1', [user.id]);
        return;
      }
      if (user.deleted_at) return;
      // GoTrue's SoftDeleteUser: the row stays, but nothing can sign in with it or find it by address.
      await query(
        db,
        `update auth.users
            set email = null, phone = null, encrypted_password = null, email_change = '', phone_change = '',
                confirmation_token = '', recovery_token = '', email_change_token_current = '', email_change_token_new = '',
                phone_change_token = '', raw_user_meta_data = '{}'::jsonb, deleted_at = now(), updated_at = now()
          where id = $1`,
        [user.id],
      );
      await query(db, 'delete from auth.identities where user_id = $1', [user.id]);
      await logout(db, user.id, undefined, 'global');
    });
  } catch (error) {
    // Rows of the shop that reference the user without ON DELETE CASCADE (orders): GoTrue's 500.
    if (sqlState(error) === '23503') throw Object.assign(internalError('Database error deleting user'), { cause: error });
    throw error;
  }
  sendJson(res, 200, {});
};

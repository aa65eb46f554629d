// The users page's state lives in its address (/admin/users?q=…&page=…&compte=…), so a search,
// a page and an open account survive a reload and can be shared with another administrator.

/** Accounts per page: the database function serves at most 100. */
export const USERS_PAGE_SIZE = 25;
/** The database function refuses longer searches. */
export const USERS_SEARCH_MAX_LENGTH = 200;

export interface UsersPageParams {
  search: string;
  /** 1-based. */
  page: number;
  /** The account whose detail panel is open. */
  accountId: string | null;
}

const uuidShape = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Reads the page's state from the query string; anything malformed falls back to the default. */
export function readUsersParams(params: URLSearchParams): UsersPageParams {
  const search = (params.get('q') ?? '').trim().slice(0, USERS_SEARCH_MAX_LENGTH);
  const page = Number(params.get('page'));
  const accountId = params.get('compte');
  return {
    search,
    page: Number.isSafeInteger(page) && page >= 1 ? page : 1,
    accountId: accountId && uuidShape.test(accountId) ? accountId : null,
  };
}

/** The query string for a state, without its defaults. */
export function writeUsersParams({ search, page, accountId }: UsersPageParams): URLSearchParams {
  const params = new URLSearchParams();
  if (search) params.set('q', search);
  if (page > 1) params.set('page', String(page));
  if (accountId) params.set('compte', accountId);
  return params;
}

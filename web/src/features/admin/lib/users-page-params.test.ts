import { describe, expect, it } from 'vitest';
import { readUsersParams, USERS_SEARCH_MAX_LENGTH, writeUsersParams } from '@/features/admin/lib/users-page-params';

const accountId = '00000000-0000-4000-a000-000000000002';

describe('readUsersParams', () => {
  it('starts on the first page, without a search or an open account', () => {
    expect(readUsersParams(new URLSearchParams())).toEqual({ search: '', page: 1, accountId: null });
  });

  it('reads the search, the page and the open account', () => {
    expect(readUsersParams(new URLSearchParams({ q: ' dupont ', page: '3', compte: accountId }))).toEqual({ search: 'dupont', page: 3, accountId });
  });

  it('falls back to the first page for a page that is not a positive whole number', () => {
    for (const page of ['0', '-2', '1.5', 'deux', '1e400', '']) {
      expect(readUsersParams(new URLSearchParams({ page })).page, page).toBe(1);
    }
  });

  it('opens no account for an id that is not a uuid', () => {
    expect(readUsersParams(new URLSearchParams({ compte: 'drop table' })).accountId).toBeNull();
  });

  it('cuts a search to what the database accepts', () => {
    expect(readUsersParams(new URLSearchParams({ q: 'a'.repeat(500) })).search).toHaveLength(USERS_SEARCH_MAX_LENGTH);
  });
});

describe('writeUsersParams', () => {
  it('leaves the defaults out of the address', () => {
    expect(writeUsersParams({ search: '', page: 1, accountId: null }).toString()).toBe('');
  });

  it('round-trips through readUsersParams', () => {
    const state = { search: 'élise@orange.fr', page: 4, accountId };
    expect(readUsersParams(writeUsersParams(state))).toEqual(state);
  });
});

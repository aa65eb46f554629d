import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminKeys } from '@/features/admin/api/admin-keys';
import { USERS_PAGE_SIZE } from '@/features/admin/lib/users-page-params';
import type { Database } from '@/lib/database.types';
import { supabase } from '@/lib/supabase';

export type AdminUser = Database['public']['Functions']['admin_users']['Returns'][number];

export interface UsersPage {
  users: AdminUser[];
  hasNextPage: boolean;
}

/**
 * One page of accounts (1-based), newest first, those matching `search` when given; from the
 * admin-only database function (42501 for anyone else). One more row than shown says whether a
 * next page exists, without counting every account.
 */
export async function getUsers(search: string, page: number): Promise<UsersPage> {
  const { data, error } = await supabase.rpc('admin_users', {
    p_search: search,
    p_limit: USERS_PAGE_SIZE + 1,
    p_offset: (page - 1) * USERS_PAGE_SIZE,
  });
  if (error) throw error;
  return { users: data.slice(0, USERS_PAGE_SIZE), hasNextPage: data.length > USERS_PAGE_SIZE };
}

export function useUsers(search: string, page: number) {
  return useQuery(
    queryOptions({
      queryKey: [...adminKeys.users, 'list', search, page],
      queryFn: () => getUsers(search, page),
      placeholderData: keepPreviousData,
      staleTime: 0,
    }),
  );
}

import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminKeys } from '@/features/admin/api/admin-keys';
import type { Tables } from '@/lib/database.types';
import { supabase } from '@/lib/supabase';

export type ContactMessage = Tables<'contact_messages'>;

export const CONTACT_STEP = 50;

/** The `limit` newest contact messages; only administrators may read them (RLS). */
export async function getContactMessages(limit: number): Promise<ContactMessage[]> {
  const { data, error } = await supabase
    .from('contact_messages')
    .select('*')
    .order('created_at', { ascending: false })
    .order('id', { ascending: true })
    .range(0, limit - 1);
  if (error) throw error;
  return data;
}

// A growing limit rather than useInfiniteQuery, for the start-up bundle (see get-conversations).
export function useContactMessages(limit: number) {
  return useQuery(
    queryOptions({
      queryKey: [...adminKeys.contactMessages, limit],
      queryFn: () => getContactMessages(limit),
      placeholderData: keepPreviousData,
      // A visitor may have written since the last visit.
      staleTime: 0,
    }),
  );
}

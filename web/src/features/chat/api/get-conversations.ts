import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { chatKeys } from '@/features/chat/api/chat-keys';
import type { Database } from '@/lib/database.types';
import { supabase } from '@/lib/supabase';

export type Conversation = Database['public']['Functions']['admin_conversations']['Returns'][number];

export const CONVERSATIONS_STEP = 50;
/** The database function serves at most this many threads per call. */
const MAX_PER_CALL = 200;

/**
 * The `limit` most recently active customer threads, from the admin-only database function:
 * a non-administrator gets 42501, whatever the browser believes about its role.
 */
export async function getConversations(limit: number): Promise<Conversation[]> {
  const offsets = Array.from({ length: Math.ceil(limit / MAX_PER_CALL) }, (_, index) => index * MAX_PER_CALL);
  const pages = await Promise.all(
    offsets.map(async (offset) => {
      const { data, error } = await supabase.rpc('admin_conversations', { p_limit: Math.min(MAX_PER_CALL, limit - offset), p_offset: offset });
      if (error) throw error;
      return data;
    }),
  );
  // Calls made at slightly different moments may both see a thread that just moved up.
  const seen = new Set<string>();
  return pages.flat().filter((row) => !seen.has(row.customer_id) && seen.add(row.customer_id));
}

// A growing limit rather than useInfiniteQuery: the infinite observer would pull part of
// TanStack Query's core out of the start-up bundle into a chunk the home page must also load.
export function useConversations(limit: number) {
  return useQuery(
    queryOptions({
      queryKey: [...chatKeys.conversations, limit],
      queryFn: () => getConversations(limit),
      placeholderData: keepPreviousData,
      staleTime: Infinity,
    }),
  );
}

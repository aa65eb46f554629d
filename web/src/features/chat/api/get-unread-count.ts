import { queryOptions, useQuery } from '@tanstack/react-query';
import { chatKeys } from '@/features/chat/api/chat-keys';
import { supabase } from '@/lib/supabase';

/** How many messages addressed to the user are still unread (a HEAD count, no rows). */
export async function getUnreadCount(userId: string): Promise<number> {
  const { count, error } = await supabase
    .from('user_messages')
    .select('id', { count: 'exact', head: true })
    .eq('receiver_id', userId)
    .eq('is_read', false);
  if (error) throw error;
  return count ?? 0;
}

export const unreadCountQueryOptions = (userId: string) =>
  queryOptions({ queryKey: chatKeys.unreadCount(userId), queryFn: () => getUnreadCount(userId), staleTime: Infinity });

export function useUnreadCount(userId: string) {
  return useQuery(unreadCountQueryOptions(userId));
}

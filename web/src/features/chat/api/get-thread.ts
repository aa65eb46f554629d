import { queryOptions, useQuery } from '@tanstack/react-query';
import { chatKeys } from '@/features/chat/api/chat-keys';
import type { ChatMessage } from '@/features/chat/lib/thread';
import { supabase } from '@/lib/supabase';

/** Every message a customer sent or received, oldest first (the thread is not paginated). */
export async function getThread(customerId: string): Promise<ChatMessage[]> {
  const { data, error } = await supabase
    .from('user_messages')
    .select('*')
    .or(`sender_id.eq.${customerId},receiver_id.eq.${customerId}`)
    .order('created_at', { ascending: true })
    .order('id', { ascending: true });
  if (error) throw error;
  return data;
}

export const threadQueryOptions = (customerId: string) =>
  // Realtime keeps the thread current; a refetch on focus would only repeat it.
  queryOptions({ queryKey: chatKeys.thread(customerId), queryFn: () => getThread(customerId), staleTime: Infinity });

export function useThread(customerId: string) {
  return useQuery(threadQueryOptions(customerId));
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { chatKeys } from '@/features/chat/api/chat-keys';
import { markedRead, type ChatMessage } from '@/features/chat/lib/thread';
import { supabase } from '@/lib/supabase';

export interface MarkReadInput {
  readerId: string;
  /** The thread on screen. */
  customerId: string;
  /** On the admin side, only this customer's messages; on the customer side, every administrator's. */
  senderId?: string;
  /** The newest message shown: nothing the reader has not seen yet is marked. */
  upTo: string;
}

/** Only the receiver may flip is_read, and only that column (RLS and a column grant). */
export async function markRead({ readerId, senderId, upTo }: MarkReadInput): Promise<void> {
  let update = supabase.from('user_messages').update({ is_read: true }).eq('receiver_id', readerId).eq('is_read', false).lte('created_at', upTo);
  if (senderId) update = update.eq('sender_id', senderId);
  const { error } = await update;
  if (error) throw error;
}

export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markRead,
    onSuccess: async (_, { readerId, customerId, senderId, upTo }) => {
      queryClient.setQueryData<ChatMessage[]>(chatKeys.thread(customerId), (thread) => (thread ? markedRead(thread, readerId, upTo, senderId) : thread));
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: chatKeys.unreadCount(readerId) }),
        queryClient.invalidateQueries({ queryKey: chatKeys.conversations }),
      ]);
    },
    onError: (error) => console.error('Marking messages read failed:', error),
  });
}

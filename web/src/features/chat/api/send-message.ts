import { useMutation, useQueryClient } from '@tanstack/react-query';
import { chatKeys } from '@/features/chat/api/chat-keys';
import { mergeMessages, type ChatMessage } from '@/features/chat/lib/thread';
import { supabase } from '@/lib/supabase';

export interface SendMessageInput {
  senderId: string;
  receiverId: string;
  content: string;
  /** The customer whose thread the message belongs to (the sender or the receiver). */
  customerId: string;
}

export async function sendMessage({ senderId, receiverId, content }: SendMessageInput): Promise<ChatMessage> {
  const { data, error } = await supabase
    .from('user_messages')
    .insert({ sender_id: senderId, receiver_id: receiverId, content })
    .select()
    .single();
  if (error) throw error;
  return data;
}

/** Sends a message; it shows in the thread at once, then the thread and the conversation list refresh. */
export function useSendMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendMessage,
    onSuccess: (message, { customerId }) => {
      queryClient.setQueryData<ChatMessage[]>(chatKeys.thread(customerId), (thread) => (thread ? mergeMessages(thread, [message]) : thread));
      // Not awaited: the composer empties as soon as the message is stored.
      void queryClient.invalidateQueries({ queryKey: chatKeys.thread(customerId) });
      void queryClient.invalidateQueries({ queryKey: chatKeys.conversations });
    },
  });
}

// Live chat over Supabase Realtime: INSERTs on user_messages addressed to the signed-in user.
// Each one joins its thread in the cache and refreshes the unread count. Every (re)subscription
// refetches the whole chat, so what was committed while the socket was down is not missed.
import type { RealtimePostgresInsertPayload } from '@supabase/supabase-js';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { chatKeys } from '@/features/chat/api/chat-keys';
import { mergeMessages, type ChatMessage } from '@/features/chat/lib/thread';
import { supabase } from '@/lib/supabase';
import { toast } from '@/lib/toast-store';

interface IncomingMessagesOptions {
  userId: string;
  /** Whose thread a message belongs to: the customer's own, or (for an administrator) its sender's. */
  threadOf: (message: ChatMessage) => string;
  /** Also runs on every (re)subscription: what else depends on the chat should refresh. */
  onChange?: () => void;
}

let channelCount = 0;

export function useIncomingMessages({ userId, threadOf, onChange }: IncomingMessagesOptions) {
  const queryClient = useQueryClient();
  const callbacks = useRef({ threadOf, onChange });
  useEffect(() => {
    callbacks.current = { threadOf, onChange };
  });

  useEffect(() => {
    // A fresh topic per mount: a channel being removed is never handed back by supabase.channel().
    const channel = supabase
      .channel(`user_messages:${userId}:${++channelCount}`)
      .on(
        'postgres_changes',
        { event: 'INSERT', schema: 'public', table: 'user_messages', filter: `receiver_id=eq.${userId}` },
        ({ new: message }: RealtimePostgresInsertPayload<ChatMessage>) => {
          queryClient.setQueryData<ChatMessage[]>(chatKeys.thread(callbacks.current.threadOf(message)), (thread) =>
            thread ? mergeMessages(thread, [message]) : thread,
          );
          void queryClient.invalidateQueries({ queryKey: chatKeys.unreadCount(userId) });
          void queryClient.invalidateQueries({ queryKey: chatKeys.conversations });
          callbacks.current.onChange?.();
        },
      )
      .subscribe((status, error) => {
        if (status === 'SUBSCRIBED') {
          void queryClient.invalidateQueries({ queryKey: chatKeys.all });
          callbacks.current.onChange?.();
        } else if (status === 'CHANNEL_ERROR') {
          console.error('Realtime channel error on user_messages:', error);
          toast({ variant: 'destructive', title: 'Erreur de connexion temps réel', description: 'Impossible de synchroniser les données de user_messages.' });
        } else if (status === 'TIMED_OUT') {
          console.warn('Realtime subscription to user_messages timed out');
        }
      });
    return () => {
      void supabase.removeChannel(channel);
    };
  }, [userId, queryClient]);
}

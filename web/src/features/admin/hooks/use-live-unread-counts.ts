// The admin layout's unread counts follow what happens live (Supabase Realtime): a new contact
// message (handed by realtime to administrators only, by RLS) and a chat line addressed to this
// administrator being read refetch them; a new line addressed to them is the chat's own
// subscription's (routes.tsx). Every (re)subscription refetches, so nothing committed while the
// socket was down is missed.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { adminKeys } from '@/features/admin/api/admin-keys';
import { supabase } from '@/lib/supabase';

let channelCount = 0;

export function useLiveUnreadCounts(adminId: string) {
  const queryClient = useQueryClient();
  useEffect(() => {
    const refresh = () => void queryClient.invalidateQueries({ queryKey: adminKeys.unreadCounts });
    const channel = supabase
      .channel(`admin-unread:${adminId}:${++channelCount}`)
      .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'contact_messages' }, () => {
        refresh();
        void queryClient.invalidateQueries({ queryKey: adminKeys.contactMessages });
      })
      .on('postgres_changes', { event: 'UPDATE', schema: 'public', table: 'user_messages', filter: `receiver_id=eq.${adminId}` }, refresh)
      .subscribe((status, error) => {
        if (status === 'SUBSCRIBED') refresh();
        else if (status === 'CHANNEL_ERROR') console.error('Realtime channel error on the unread counts:', error);
      });
    return () => {
      void supabase.removeChannel(channel);
    };
  }, [adminId, queryClient]);
}

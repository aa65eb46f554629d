// The admin layout's unread counts for the signed-in administrator (admin_unread_counts(), admin
// only): contact messages since they last opened the inbox, conversations waiting for them; each
// capped at 100 by the database. Refetched live by the layout's realtime subscriptions.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminKeys } from '@/features/admin/api/admin-keys';
import { supabase } from '@/lib/supabase';

export interface UnreadCounts {
  contactMessages: number;
  conversations: number;
}

export async function getUnreadCounts(): Promise<UnreadCounts> {
  const { data, error } = await supabase.rpc('admin_unread_counts').single();
  if (error) throw error;
  return { contactMessages: data.contact_messages, conversations: data.conversations };
}

export function useUnreadCounts() {
  return useQuery(queryOptions({ queryKey: adminKeys.unreadCounts, queryFn: getUnreadCounts, staleTime: 0 }));
}

/** The inbox was opened: its messages so far are seen by this administrator. */
export function useMarkContactMessagesSeen() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const { error } = await supabase.rpc('mark_contact_messages_seen');
      if (error) throw error;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.unreadCounts }),
  });
}

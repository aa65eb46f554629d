// The signed-in administrator's own notification choices (admin_notification_preferences, their
// row under RLS): which of the contact messages, conversations and orders they are told of, at
// once, in a daily digest at their hour (Paris), or not at all. No row yet: the database's defaults.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminKeys } from '@/features/admin/api/admin-keys';
import type { Database } from '@/lib/database.types';
import { supabase } from '@/lib/supabase';

export type NotificationDelivery = Database['public']['Enums']['admin_notification_delivery'];

export interface NotificationPreferences {
  contact: NotificationDelivery;
  chat: NotificationDelivery;
  orders: NotificationDelivery;
  digest_hour: number;
}

/** What the database applies to an administrator who never chose (its column defaults). */
export const defaultNotificationPreferences: NotificationPreferences = { contact: 'immediate', chat: 'immediate', orders: 'immediate', digest_hour: 8 };

export async function getNotificationPreferences(): Promise<NotificationPreferences> {
  const { data, error } = await supabase.from('admin_notification_preferences').select('contact, chat, orders, digest_hour').maybeSingle();
  if (error) throw error;
  return data ?? defaultNotificationPreferences;
}

export function useNotificationPreferences() {
  return useQuery(queryOptions({ queryKey: adminKeys.notificationPreferences, queryFn: getNotificationPreferences }));
}

export function useSaveNotificationPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    // The row is the caller's by default (admin_id = auth.uid()); on conflict only the choices
    // change: an administrator may not write admin_id itself.
    mutationFn: async (preferences: NotificationPreferences) => {
      const { error } = await supabase.from('admin_notification_preferences').upsert(preferences, { onConflict: 'admin_id' });
      if (error) throw error;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.notificationPreferences }),
  });
}

// The notifications the sender gave up on, with the reason (admin_notifications, status
// 'failed'; administrators read the outbox under RLS), newest first.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminKeys } from '@/features/admin/api/admin-keys';
import { supabase } from '@/lib/supabase';

const shown = 20;

export async function getFailedNotifications() {
  const { data, error } = await supabase
    .from('admin_notifications')
    .select('id, topic, event_at, attempts, last_error, failed_at')
    .eq('status', 'failed')
    .order('failed_at', { ascending: false })
    .limit(shown);
  if (error) throw error;
  return data;
}

export type FailedNotification = Awaited<ReturnType<typeof getFailedNotifications>>[number];

export function useFailedNotifications() {
  return useQuery(queryOptions({ queryKey: adminKeys.failedNotifications, queryFn: getFailedNotifications }));
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { chatKeys } from '@/features/chat/api/chat-keys';
import { supabase } from '@/lib/supabase';

export interface AdminRecipient {
  id: string;
  full_name: string | null;
  avatar_url: string | null;
}

/**
 * The administrator a customer writes to: the first profile with the admin role (spec §7), first
 * by when it was made, so that a second administrator never takes the shop's own conversations
 * over at random. Without one, the chat cannot send; that is only logged here and told when sending.
 */
export async function getAdminRecipient(): Promise<AdminRecipient | null> {
  const { data, error } = await supabase.from('profiles').select('id, full_name, avatar_url').eq('role', 'admin').order('created_at').order('id').limit(1).single();
  if (error) {
    console.warn('No administrator profile to write to:', error.message);
    return null;
  }
  return data;
}

export function useAdminRecipient() {
  return useQuery(queryOptions({ queryKey: chatKeys.adminRecipient, queryFn: getAdminRecipient, staleTime: 5 * 60_000 }));
}

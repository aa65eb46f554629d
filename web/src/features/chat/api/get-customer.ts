import { queryOptions, useQuery } from '@tanstack/react-query';
import { chatKeys } from '@/features/chat/api/chat-keys';
import { supabase } from '@/lib/supabase';

export interface ChatCustomer {
  id: string;
  full_name: string | null;
}

/** The customer an administrator is talking to (administrators may read every profile). */
export async function getCustomer(customerId: string): Promise<ChatCustomer | null> {
  const { data, error } = await supabase.from('profiles').select('id, full_name').eq('id', customerId).maybeSingle();
  if (error) throw error;
  return data;
}

export function useCustomer(customerId: string) {
  return useQuery(queryOptions({ queryKey: chatKeys.customer(customerId), queryFn: () => getCustomer(customerId), staleTime: 5 * 60_000 }));
}

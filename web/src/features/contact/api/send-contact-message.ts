import { useMutation } from '@tanstack/react-query';
import type { ContactValues } from '@/features/contact/contact-schema';
import { supabase } from '@/lib/supabase';

export async function sendContactMessage(values: ContactValues): Promise<void> {
  const { error } = await supabase.from('contact_messages').insert(values);
  if (error) throw error;
}

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}

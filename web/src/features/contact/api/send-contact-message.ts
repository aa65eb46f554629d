import { useMutation, useQuery } from '@tanstack/react-query';
import type { ContactValues } from '@/features/contact/contact-schema';
import { supabase } from '@/lib/supabase';

/** The database's signed note of when the form was shown: a form sent too soon is a bot's. */
export async function getContactFormToken(): Promise<string> {
  const { data, error } = await supabase.rpc('contact_form_token');
  if (error) throw error;
  return data;
}

/** Taken once when the form is shown, and kept while it stays open. */
export function useContactFormToken() {
  return useQuery({ queryKey: ['contact-form-token'], queryFn: getContactFormToken, staleTime: Infinity, gcTime: 0, refetchOnWindowFocus: false });
}

export interface ContactSubmission {
  values: ContactValues;
  /** The hidden field a person leaves empty. */
  website: string;
  formToken: string;
}

export async function sendContactMessage({ values, website, formToken }: ContactSubmission): Promise<void> {
  const { error } = await supabase.rpc('send_contact_message', {
    p_name: values.name,
    p_email: values.email,
    p_subject: values.subject,
    p_message: values.message,
    p_form_token: formToken,
    p_website: website,
  });
  if (error) throw error;
}

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}

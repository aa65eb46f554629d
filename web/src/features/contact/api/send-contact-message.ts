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

/** contact-captcha's refusal: its French title and sentence (missing, failed, provider down). */
export class CaptchaError extends Error {
  constructor(
    readonly title: string,
    readonly description: string,
  ) {
    super(`contact-captcha: ${title}`);
    this.name = 'CaptchaError';
  }
}

/** The widget's token checked by the server (contact-captcha): a single-use pass for the message. */
export async function getCaptchaPass(token: string): Promise<string> {
  const { data, error } = await supabase.functions.invoke<{ pass?: string }>('contact-captcha', { body: { token } });
  if (error) {
    const response: unknown = error.context;
    const body = response instanceof Response ? ((await response.json().catch(() => null)) as { error?: { message?: unknown; detail?: unknown } } | null) : null;
    const refusal = body?.error;
    if (typeof refusal?.message === 'string' && typeof refusal.detail === 'string') throw new CaptchaError(refusal.message, refusal.detail);
    throw error;
  }
  if (!data?.pass) throw new Error('contact-captcha returned no pass');
  return data.pass;
}

/** The database refused a message without a captcha pass (PT403): the page has no widget yet. */
export function isCaptchaRequired(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === 'PT403';
}

export interface ContactSubmission {
  values: ContactValues;
  /** The hidden field a person leaves empty. */
  website: string;
  formToken: string;
  /** From getCaptchaPass, when the build has a captcha. */
  captchaPass?: string;
}

export async function sendContactMessage({ values, website, formToken, captchaPass }: ContactSubmission): Promise<void> {
  const { error } = await supabase.rpc('send_contact_message', {
    p_name: values.name,
    p_email: values.email,
    p_subject: values.subject,
    p_message: values.message,
    p_form_token: formToken,
    p_website: website,
    ...(captchaPass ? { p_captcha_pass: captchaPass } : {}),
  });
  if (error) throw error;
}

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}

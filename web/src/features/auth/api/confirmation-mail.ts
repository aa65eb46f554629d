import { useMutation } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';

/** Where the mails' links bring the customer back: the login page, which finishes the sign-in. */
export const emailLinkRedirect = () => `${window.location.origin}/login`;

/** Asks for a new confirmation mail (GoTrue's /resend); the previous link stops working. */
export async function resendConfirmation(email: string): Promise<void> {
  const { error } = await supabase.auth.resend({
    type: 'signup',
    email,
    options: { emailRedirectTo: emailLinkRedirect() },
  });
  if (error) throw error;
}

export function useResendConfirmation() {
  return useMutation({ mutationFn: resendConfirmation });
}

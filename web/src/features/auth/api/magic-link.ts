import { useMutation } from '@tanstack/react-query';
import { emailLinkRedirect } from '@/features/auth/api/confirmation-mail';
import { supabase } from '@/lib/supabase';

/**
 * Mails a sign-in link to an existing account (GoTrue's /otp, no sign-up: registering asks for a
 * name). An unknown address is answered like a known one, so the page reveals nothing.
 */
export async function sendMagicLink(email: string): Promise<void> {
  const { error } = await supabase.auth.signInWithOtp({
    email,
    options: { shouldCreateUser: false, emailRedirectTo: emailLinkRedirect() },
  });
  if (error && error.code !== 'otp_disabled') throw error;
}

export function useSendMagicLink() {
  return useMutation({ mutationFn: sendMagicLink });
}

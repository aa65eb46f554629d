import { useMutation } from '@tanstack/react-query';
import type { ForgotPasswordValues } from '@/features/auth/schemas/auth-schemas';
import { supabase } from '@/lib/supabase';

/** Where the mail's link brings the customer back: the page that sets the new password. */
const RESET_PASSWORD_PATH = '/reset-password';

/**
 * Asks the auth service to mail a recovery link. It answers the same for an unknown address,
 * so the page cannot tell, and says nothing either.
 */
export async function requestPasswordReset({ email }: ForgotPasswordValues): Promise<void> {
  const { error } = await supabase.auth.resetPasswordForEmail(email, { redirectTo: `${window.location.origin}${RESET_PASSWORD_PATH}` });
  if (error) throw error;
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}

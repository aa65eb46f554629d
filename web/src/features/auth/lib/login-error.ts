import { authFailureMessage } from '@/lib/rate-limit';

/** Spec §8: the French text shown for a failed sign-in. */
export function loginErrorMessage(error: { message?: string } | null | undefined): string {
  switch (error?.message) {
    case 'Invalid login credentials':
      return 'Email ou mot de passe incorrect. Veuillez vérifier vos informations.';
    case 'Email not confirmed':
      return 'Veuillez confirmer votre email avant de vous connecter.';
    default:
      return authFailureMessage(error, 'Un problème est survenu. Veuillez réessayer.');
  }
}

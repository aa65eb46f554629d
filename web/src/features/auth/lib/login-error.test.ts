import { describe, expect, it } from 'vitest';
import { loginErrorMessage } from '@/features/auth/lib/login-error';

describe('loginErrorMessage', () => {
  it('translates the known auth errors', () => {
    expect(loginErrorMessage({ message: 'Invalid login credentials' })).toBe('Email ou mot de passe incorrect. Veuillez vérifier vos informations.');
    expect(loginErrorMessage({ message: 'Email not confirmed' })).toBe('Veuillez confirmer votre email avant de vous connecter.');
  });

  it("shows any other error's own message, or a default", () => {
    expect(loginErrorMessage({ message: 'Request rate limit reached' })).toBe('Request rate limit reached');
    expect(loginErrorMessage({ message: '' })).toBe('Un problème est survenu. Veuillez réessayer.');
    expect(loginErrorMessage(null)).toBe('Un problème est survenu. Veuillez réessayer.');
  });
});

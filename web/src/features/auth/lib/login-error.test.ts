import { describe, expect, it } from 'vitest';
import { loginErrorMessage } from '@/features/auth/lib/login-error';

describe('loginErrorMessage', () => {
  it('translates the known auth errors', () => {
    expect(loginErrorMessage({ message: 'Invalid login credentials' })).toBe('Email ou mot de passe incorrect. Veuillez vérifier vos informations.');
    expect(loginErrorMessage({ message: 'Email not confirmed' })).toBe('Veuillez confirmer votre email avant de vous connecter.');
  });

  it('says in French that there were too many tries when the auth service answers 429', () => {
    const tooMany = 'Trop de tentatives. Veuillez réessayer dans quelques minutes.';
    expect(loginErrorMessage(Object.assign(new Error('Request rate limit reached'), { status: 429, code: 'over_request_rate_limit' }))).toBe(tooMany);
    expect(loginErrorMessage(Object.assign(new Error('email rate limit exceeded'), { status: 429, code: 'over_email_send_rate_limit' }))).toBe(tooMany);
  });

  it("shows any other error's own message, or a default", () => {
    expect(loginErrorMessage({ message: 'Signups not allowed for this instance' })).toBe('Signups not allowed for this instance');
    expect(loginErrorMessage({ message: '' })).toBe('Un problème est survenu. Veuillez réessayer.');
    expect(loginErrorMessage(null)).toBe('Un problème est survenu. Veuillez réessayer.');
  });
});

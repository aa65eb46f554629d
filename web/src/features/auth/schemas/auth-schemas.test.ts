import { describe, expect, it } from 'vitest';
import { loginSchema, registerSchema } from '@/features/auth/schemas/auth-schemas';

function messages(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  return Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));
}

describe('loginSchema', () => {
  it('requires the email and the password', () => {
    expect(messages(loginSchema.safeParse({ email: '', password: '' }))).toEqual({
      email: 'Veuillez saisir votre email.',
      password: 'Veuillez saisir votre mot de passe.',
    });
  });

  it('checks the email shape', () => {
    expect(messages(loginSchema.safeParse({ email: 'claire@', password: 'x' }))).toEqual({ email: 'Veuillez saisir une adresse email valide.' });
  });

  it('accepts valid credentials and trims the email', () => {
    const result = loginSchema.safeParse({ email: '  client@lumiere-sacree.test ', password: 'client-demo-2026' });
    expect(result.success && result.data.email).toBe('client@lumiere-sacree.test');
  });
});

describe('registerSchema', () => {
  it('requires the full name, the email and the password', () => {
    expect(messages(registerSchema.safeParse({ fullName: ' ', email: '', password: '' }))).toEqual({
      fullName: 'Veuillez saisir votre nom complet.',
      email: 'Veuillez saisir votre email.',
      password: 'Veuillez saisir un mot de passe.',
    });
  });

  it('refuses a password shorter than 6 characters', () => {
    expect(messages(registerSchema.safeParse({ fullName: 'Claire Martin', email: 'claire@example.fr', password: '12345' }))).toEqual({
      password: 'Le mot de passe doit contenir au moins 6 caractères.',
    });
  });

  it('accepts a complete registration', () => {
    expect(registerSchema.safeParse({ fullName: 'Claire Martin', email: 'claire@example.fr', password: '123456' }).success).toBe(true);
  });
});

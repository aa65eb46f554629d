import { describe, expect, it } from 'vitest';
import { deleteAccountSchema, nameSchema } from '@/features/dashboard/schemas/profile-schemas';

describe('nameSchema', () => {
  it('trims the name', () => {
    expect(nameSchema.parse({ fullName: '  Claire Martin ' })).toEqual({ fullName: 'Claire Martin' });
  });
});

describe('deleteAccountSchema', () => {
  it('needs the password and the confirmation, each with its French message', () => {
    const refused = deleteAccountSchema.safeParse({ password: '', confirmed: false });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['password', 'Veuillez saisir votre mot de passe.'],
      ['confirmed', 'Veuillez confirmer la suppression de votre compte.'],
    ]);
    expect(deleteAccountSchema.safeParse({ password: 'client-demo-2026', confirmed: true }).success).toBe(true);
  });
});

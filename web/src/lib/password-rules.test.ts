import { describe, expect, it } from 'vitest';
import { passwordSchema } from '@/lib/password-rules';

function issues(values: unknown) {
  const result = passwordSchema.safeParse(values);
  return result.success ? [] : result.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
}

describe('passwordSchema', () => {
  it('accepts two identical passwords of at least 6 characters', () => {
    expect(issues({ newPassword: 'lumiere', confirmPassword: 'lumiere' })).toEqual([]);
    expect(issues({ newPassword: 'abcdef', confirmPassword: 'abcdef' })).toEqual([]);
  });

  it('refuses fewer than 6 characters with the spec text, on the new password', () => {
    expect(issues({ newPassword: 'abcde', confirmPassword: 'abcde' })).toEqual([
      { path: 'newPassword', message: 'Le mot de passe doit contenir au moins 6 caractères.' },
    ]);
  });

  it('refuses different entries with the spec text, on the confirmation', () => {
    expect(issues({ newPassword: 'lumiere-1', confirmPassword: 'lumiere-2' })).toEqual([
      { path: 'confirmPassword', message: 'Les mots de passe ne correspondent pas.' },
    ]);
  });

  it('reports both problems at once', () => {
    expect(issues({ newPassword: 'abc', confirmPassword: 'abd' })).toEqual([
      { path: 'newPassword', message: 'Le mot de passe doit contenir au moins 6 caractères.' },
      { path: 'confirmPassword', message: 'Les mots de passe ne correspondent pas.' },
    ]);
  });

  it('does not trim passwords: spaces count', () => {
    expect(issues({ newPassword: '      ', confirmPassword: '      ' })).toEqual([]);
    expect(issues({ newPassword: 'secret ', confirmPassword: 'secret' })).toHaveLength(1);
  });
});

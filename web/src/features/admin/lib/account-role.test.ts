import { describe, expect, it } from 'vitest';
import { LAST_ADMIN_MESSAGE, roleChangeErrorMessage, roleChangeLabel, roleLabel } from '@/features/admin/lib/account-role';

describe('roleChangeErrorMessage', () => {
  it('says in French that the last administrator keeps the role (the database answers PT409)', () => {
    expect(roleChangeErrorMessage({ code: 'PT409', message: 'Impossible de retirer ce rôle…' })).toBe(LAST_ADMIN_MESSAGE);
    expect(LAST_ADMIN_MESSAGE).toBe('Impossible de retirer ce rôle : la boutique doit garder au moins un administrateur.');
  });

  it('says when the account is gone or the caller is no longer an administrator', () => {
    expect(roleChangeErrorMessage({ code: 'PT404' })).toBe("Ce compte n'existe plus.");
    expect(roleChangeErrorMessage({ code: '42501' })).toBe("Vous n'êtes plus administrateur : ce changement vous est refusé.");
  });

  it('asks to try again on anything else, a network failure included', () => {
    expect(roleChangeErrorMessage(new TypeError('Failed to fetch'))).toBe("Le rôle n'a pas pu être modifié. Veuillez réessayer.");
    expect(roleChangeErrorMessage(null)).toBe("Le rôle n'a pas pu être modifié. Veuillez réessayer.");
  });
});

describe('role labels', () => {
  it('names the roles and the changes in French', () => {
    expect(roleLabel('admin')).toBe('Administrateur');
    expect(roleLabel('customer')).toBe('Client');
    expect(roleChangeLabel('admin')).toBe("Rôle d'administrateur accordé");
    expect(roleChangeLabel('customer')).toBe("Rôle d'administrateur retiré");
  });
});

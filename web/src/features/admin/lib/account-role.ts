// The administrator role as the users page names it, and what it says when a change is refused.

export type AccountRole = 'admin' | 'customer';

export function roleLabel(role: string): string {
  return role === 'admin' ? 'Administrateur' : 'Client';
}

/** What a change in the history did. */
export function roleChangeLabel(newRole: string): string {
  return newRole === 'admin' ? "Rôle d'administrateur accordé" : "Rôle d'administrateur retiré";
}

export const LAST_ADMIN_MESSAGE = 'Impossible de retirer ce rôle : la boutique doit garder au moins un administrateur.';

/** The French message for a refused change, from the database's error code. */
export function roleChangeErrorMessage(error: unknown): string {
  const code = typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : '';
  switch (code) {
    case 'PT409':
      return LAST_ADMIN_MESSAGE;
    case 'PT404':
      return "Ce compte n'existe plus.";
    case '42501':
      return "Vous n'êtes plus administrateur : ce changement vous est refusé.";
    default:
      return "Le rôle n'a pas pu être modifié. Veuillez réessayer.";
  }
}

// What « Rattacher à cette commande » says when attach_payment refuses, from the database's code.

export function attachPaymentErrorMessage(error: unknown): string {
  const code = typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : '';
  switch (code) {
    case 'P0002':
      return 'Ce paiement ou cette commande n’existe plus. Rechargez la page.';
    case 'PT409':
      return 'Ce paiement ou cette commande est déjà rattaché. Rechargez la page.';
    case '23505':
      return 'Une autre commande est déjà enregistrée pour ce paiement.';
    default:
      return 'Le paiement n’a pas pu être rattaché. Veuillez réessayer.';
  }
}

// Why the reconciliation could not record a paid checkout (payment_issues.reason), in French for
// the administrator.
const reasons: Record<string, string> = {
  mismatch: 'Le paiement reçu ne correspond pas à la commande (articles, montant ou devise)',
  unknown_session: 'Session inconnue du service de paiement',
  // Attaching the right one (attach_payment) marks the issue handled.
  ambiguous: 'Plusieurs paiements peuvent correspondre à cette commande : rattachez le bon parmi les paiements non rattachés',
};

export function paymentIssueReason(reason: string): string {
  return reasons[reason] ?? `Motif non répertorié (${reason})`;
}

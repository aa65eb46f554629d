import { describe, expect, it } from 'vitest';
import { paymentIssueReason } from '@/features/admin/lib/payment-issue-reason';

describe('paymentIssueReason', () => {
  it('says each reason the database allows in French', () => {
    expect(paymentIssueReason('mismatch')).toBe('Le paiement reçu ne correspond pas à la commande (articles, montant ou devise)');
    expect(paymentIssueReason('unknown_session')).toBe('Session inconnue du service de paiement');
    expect(paymentIssueReason('ambiguous')).toBe('Plusieurs paiements peuvent correspondre à cette commande : rattachez le bon parmi les paiements non rattachés');
  });

  it('names a reason it does not know rather than hiding it', () => {
    expect(paymentIssueReason('refunded')).toBe('Motif non répertorié (refunded)');
  });
});

import { describe, expect, it } from 'vitest';
import { attachPaymentErrorMessage } from '@/features/admin/lib/attach-payment-error';

describe('attachPaymentErrorMessage', () => {
  it('says each refusal of attach_payment in French', () => {
    expect(attachPaymentErrorMessage({ code: 'P0002', message: 'no unmatched payment pay_1' })).toBe('Ce paiement ou cette commande n’existe plus. Rechargez la page.');
    expect(attachPaymentErrorMessage({ code: 'PT409', message: 'payment pay_1 is already attached to another checkout' })).toBe('Ce paiement ou cette commande est déjà rattaché. Rechargez la page.');
    expect(attachPaymentErrorMessage({ code: '23505', message: 'duplicate key value violates unique constraint "orders_payment_id_key"' })).toBe('Une autre commande est déjà enregistrée pour ce paiement.');
  });

  it('says anything else failed, without its code', () => {
    for (const error of [{ code: '42501', message: 'attach_payment is reserved to administrators' }, new TypeError('Failed to fetch'), null]) {
      expect(attachPaymentErrorMessage(error)).toBe('Le paiement n’a pas pu être rattaché. Veuillez réessayer.');
    }
  });
});

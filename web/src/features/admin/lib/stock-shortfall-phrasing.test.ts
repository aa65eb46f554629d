import { describe, expect, it } from 'vitest';
import { shortfallDecision, shortfallItem, shortfallQuantities } from '@/features/admin/lib/stock-shortfall-phrasing';

describe('shortfallItem', () => {
  it('names the item as the order recorded it', () => {
    expect(shortfallItem({ product_title: 'Rituel', variant_title: 'PDF' })).toBe('Rituel (PDF)');
    expect(shortfallItem({ product_title: 'Rituel', variant_title: null })).toBe('Rituel');
  });
});

describe('shortfallQuantities', () => {
  it('says what was ordered, taken and missing, singular and plural', () => {
    expect(shortfallQuantities({ wanted: 1, taken: 0 })).toBe('1 commandé, 0 pris en stock\u00a0: 1 manquant');
    expect(shortfallQuantities({ wanted: 3, taken: 1 })).toBe('3 commandés, 1 pris en stock\u00a0: 2 manquants');
  });
});

describe('shortfallDecision', () => {
  const decided = { resolution: 'refunded', handled_at: '2026-11-29T17:05:00Z', handled_by_name: 'Marie Dupont', handled_by_email: 'marie@exemple.fr' };

  it('is null while still to decide', () => {
    expect(shortfallDecision({ resolution: null, handled_at: null, handled_by_name: null, handled_by_email: null })).toBeNull();
  });

  it('says the decision, when in Paris time, and who by name, else e-mail', () => {
    expect(shortfallDecision(decided)).toBe('Remboursé, le 29 novembre 2026 à 18:05, par Marie Dupont');
    expect(shortfallDecision({ ...decided, resolution: 'delivered', handled_by_name: null })).toBe(
      'Livré malgré tout, le 29 novembre 2026 à 18:05, par marie@exemple.fr',
    );
  });

  it('leaves out who once their account is gone', () => {
    expect(shortfallDecision({ ...decided, handled_by_name: null, handled_by_email: null })).toBe('Remboursé, le 29 novembre 2026 à 18:05');
  });
});

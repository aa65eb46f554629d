import { describe, expect, it } from 'vitest';
import { describeMissing } from '@/features/admin/lib/legal-missing';

describe('describeMissing', () => {
  it('names the seller field of Paramètres', () => {
    expect(describeMissing('vendeur.siret')).toBe('Paramètres du vendeur : SIRET ou SIREN');
  });
  it('quotes the passage to complete', () => {
    expect(describeMissing('À COMPLÉTER : numéro de téléphone')).toBe('Passage à compléter : numéro de téléphone');
  });
  it('shows an unknown placeholder as written', () => {
    expect(describeMissing('vendeur.capital')).toBe('Champ inconnu : {{vendeur.capital}}');
  });
});

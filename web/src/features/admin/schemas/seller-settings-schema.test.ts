import { describe, expect, it } from 'vitest';
import { sellerSettingsSchema, toSellerSettingsUpdate, toSellerSettingsValues, type SellerSettingsValues } from '@/features/admin/schemas/seller-settings-schema';

const filled: SellerSettingsValues = {
  legalName: ' Association Lumière ',
  legalForm: '',
  address: '12 rue de la Paix \n\n 75002 Paris',
  siret: '123 456 789 00011',
  vatRegime: 'vat',
  vatNumber: 'fr 40 123456789',
  vatRate: '5,5',
  contactEmail: 'contact@example.test',
};

const messages = (values: SellerSettingsValues) => {
  const result = sellerSettingsSchema.safeParse(values);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((issue) => [issue.path[0], issue.message]));
};

describe('the seller settings form', () => {
  it('turns what was typed into the row: trimmed, compacted, the rate in basis points, empty fields null', () => {
    expect(messages(filled)).toEqual({});
    expect(toSellerSettingsUpdate(filled)).toEqual({
      legal_name: 'Association Lumière',
      legal_form: null,
      address: '12 rue de la Paix\n75002 Paris',
      siret: '12345678900011',
      vat_regime: 'vat',
      vat_number: 'FR40123456789',
      vat_rate_basis_points: 550,
      contact_email: 'contact@example.test',
    });
    expect(toSellerSettingsValues(toSellerSettingsUpdate(filled)).vatRate).toBe('5,5');
  });

  it('drops the VAT number and rate under the franchise, and accepts an incomplete form', () => {
    const franchise = { ...filled, vatRegime: 'franchise' as const };
    expect(toSellerSettingsUpdate(franchise)).toMatchObject({ vat_regime: 'franchise', vat_number: null, vat_rate_basis_points: null });
    expect(messages({ ...filled, legalName: '', siret: '', vatRegime: '', contactEmail: '' })).toEqual({});
  });

  it('says in French what is malformed', () => {
    expect(messages({ ...filled, siret: '1234', vatNumber: 'DE123', vatRate: '120', contactEmail: 'contact' })).toEqual({
      siret: 'Le SIRET compte 14 chiffres (ou le SIREN 9).',
      vatNumber: 'Le numéro de TVA intracommunautaire s’écrit FR suivi de 11 caractères (ex. FR40123456789).',
      vatRate: 'Indiquez un taux entre 0 et 100 (ex. 20 ou 5,5).',
      contactEmail: 'Adresse e-mail invalide.',
    });
  });
});

// The seller's identity the invoice tests need, set through the service role and put back as it
// was after each test (the seed's demo settings), so the order of the tests does not matter.
import { service } from './helpers.ts';

export const franchiseSeller = {
  legal_name: 'Association Témoin des Tests',
  legal_form: 'Association loi 1901',
  address: '3 place du Contrôle\n69002 Lyon',
  siret: '11122233300044',
  vat_regime: 'franchise',
  vat_number: null,
  vat_rate_basis_points: null,
  contact_email: 'factures@temoin.test',
};

export const vatSeller = { ...franchiseSeller, vat_regime: 'vat', vat_number: 'FR40123456789', vat_rate_basis_points: 2000 };

const columns = 'legal_name, legal_form, address, siret, vat_regime, vat_number, vat_rate_basis_points, contact_email';

/** Runs `test` with the seller settings set to `settings`, then restores what was there. */
export async function withSellerSettings(settings: Record<string, unknown>, test: () => Promise<void>): Promise<void> {
  const { data: saved, error } = await service.from('seller_settings').select(columns).single();
  if (error) throw new Error(`reading the seller settings: ${error.message}`);
  const set = async (values: Record<string, unknown>) => {
    const { error } = await service.from('seller_settings').update(values).eq('id', true);
    if (error) throw new Error(`writing the seller settings: ${error.message}`);
  };
  await set(settings);
  try {
    await test();
  } finally {
    await set(saved);
  }
}

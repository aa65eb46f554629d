// The 'Paramètres' form: the seller's mentions as typed, checked for their shape when filled, and
// their conversion to and from the seller_settings row. Any field may stay empty (the row may be
// saved incomplete); the database refuses to issue an invoice until the required ones are there.
import * as z from 'zod/mini';
import type { Database } from '@/lib/database.types';

export type SellerSettingsRow = Database['public']['Tables']['seller_settings']['Row'];
export type SellerSettingsUpdate = Pick<
  SellerSettingsRow,
  'legal_name' | 'legal_form' | 'address' | 'siret' | 'vat_regime' | 'vat_number' | 'vat_rate_basis_points' | 'contact_email'
>;

export const sellerSettingsSchema = z
  .object({
    legalName: z.string(),
    legalForm: z.string(),
    address: z.string(),
    siret: z.string(),
    vatRegime: z.enum(['', 'franchise', 'vat']),
    vatNumber: z.string(),
    vatRate: z.string(),
    contactEmail: z.string(),
  })
  .check((payload) => {
    const v = payload.value;
    const issue = (path: keyof typeof v, message: string) => payload.issues.push({ code: 'custom', message, path: [path], input: v[path] });
    if (v.siret.trim() && !/^(\d{9}|\d{14})$/.test(compact(v.siret))) issue('siret', 'Le SIRET compte 14 chiffres (ou le SIREN 9).');
    if (v.vatRegime === 'vat' && v.vatNumber.trim() && !/^FR[0-9A-Z]{2}\d{9}$/.test(compact(v.vatNumber).toUpperCase())) {
      issue('vatNumber', 'Le numéro de TVA intracommunautaire s’écrit FR suivi de 11 caractères (ex. FR40123456789).');
    }
    if (v.vatRegime === 'vat' && v.vatRate.trim() && rateBasisPoints(v.vatRate) === null) issue('vatRate', 'Indiquez un taux entre 0 et 100 (ex. 20 ou 5,5).');
    if (v.contactEmail.trim() && !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(v.contactEmail.trim())) issue('contactEmail', 'Adresse e-mail invalide.');
  });

export type SellerSettingsValues = z.infer<typeof sellerSettingsSchema>;

const compact = (text: string) => text.replace(/\s+/g, '');
const orNull = (text: string) => (text.trim() ? text.trim() : null);

/** `'20'` → 2000, `'5,5'` → 550; null unless a rate above 0 and at most 100, to the hundredth. */
function rateBasisPoints(text: string): number | null {
  const normalised = compact(text).replace(',', '.');
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(normalised)) return null;
  const points = Math.round(Number(normalised) * 100);
  return points > 0 && points <= 10_000 ? points : null;
}

export function toSellerSettingsUpdate(values: SellerSettingsValues): SellerSettingsUpdate {
  const vat = values.vatRegime === 'vat';
  return {
    legal_name: orNull(values.legalName),
    legal_form: orNull(values.legalForm),
    address: orNull(values.address.split('\n').map((line) => line.trim()).filter(Boolean).join('\n')),
    siret: orNull(compact(values.siret)),
    vat_regime: values.vatRegime || null,
    vat_number: vat ? orNull(compact(values.vatNumber).toUpperCase()) : null,
    vat_rate_basis_points: vat ? rateBasisPoints(values.vatRate) : null,
    contact_email: orNull(values.contactEmail),
  };
}

export function toSellerSettingsValues(row: SellerSettingsUpdate | null): SellerSettingsValues {
  const rate = row?.vat_rate_basis_points;
  return {
    legalName: row?.legal_name ?? '',
    legalForm: row?.legal_form ?? '',
    address: row?.address ?? '',
    siret: row?.siret ?? '',
    vatRegime: row?.vat_regime === 'franchise' || row?.vat_regime === 'vat' ? row.vat_regime : '',
    vatNumber: row?.vat_number ?? '',
    vatRate: rate ? String(rate / 100).replace('.', ',') : '',
    contactEmail: row?.contact_email ?? '',
  };
}

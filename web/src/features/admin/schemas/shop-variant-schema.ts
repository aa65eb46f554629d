// The forms of a product's variants and options on the shop's own catalogue: a variant's name and
// reference (SKU), a new variant with its price, stock and a value for each option, and an option
// with the value each variant takes. Bounds are the tables' own (catalogue_variants,
// catalogue_options). Option values are a list in the order of the options (or of the variants):
// an imported id may hold a dot, which a form's field path would split.
import * as z from 'zod/mini';
import { checkPricing, issuesOf, orNull, pricingFields, tooLong, type Issue } from '@/features/admin/schemas/shop-product-schema';

/** A variant's name and reference as `product_variants` holds them (no reference: null). */
export interface VariantDetails {
  title: string;
  sku: string | null;
}

const detailsFields = { title: z.string(), sku: z.string() };

function checkDetails(v: { title: string; sku: string }, issue: Issue) {
  if (!v.title.trim()) issue('title', 'Indiquez le nom de la variante.');
  else if (v.title.trim().length > 500) issue('title', tooLong(500));
  if (v.sku.trim().length > 100) issue('sku', tooLong(100));
}

/** Each value of a list required and bounded, its message beside its own field (`values.2`). */
function checkValues(payload: { value: Record<string, unknown>; issues: unknown[] }, key: string, values: string[], missing: string) {
  values.forEach((value, index) => {
    const message = !value.trim() ? missing : value.trim().length > 200 ? tooLong(200) : null;
    if (message) payload.issues.push({ code: 'custom', message, path: [key, index], input: value });
  });
}

export const variantDetailsSchema = z.object(detailsFields).check((payload) => checkDetails(payload.value, issuesOf(payload)));

export const newVariantSchema = z.object({ ...detailsFields, ...pricingFields, optionValues: z.array(z.string()) }).check((payload) => {
  const issue = issuesOf(payload);
  checkDetails(payload.value, issue);
  checkPricing(payload.value, issue);
  checkValues(payload, 'optionValues', payload.value.optionValues, 'Indiquez la valeur de cette option pour la variante.');
});

export const productOptionSchema = z.object({ title: z.string(), values: z.array(z.string()) }).check((payload) => {
  const title = payload.value.title.trim();
  if (!title) issuesOf(payload)('title', 'Indiquez le nom de l’option, par exemple « Format ».');
  else if (title.length > 200) issuesOf(payload)('title', tooLong(200));
  checkValues(payload, 'values', payload.value.values, 'Indiquez la valeur de cette variante.');
});

export type VariantDetailsValues = z.infer<typeof variantDetailsSchema>;
export type NewVariantValues = z.infer<typeof newVariantSchema>;
export type ProductOptionValues = z.infer<typeof productOptionSchema>;

export function toVariantDetails(values: VariantDetailsValues): VariantDetails {
  return { title: values.title.trim(), sku: orNull(values.sku) };
}

export function toVariantDetailsValues(row: VariantDetails): VariantDetailsValues {
  return { title: row.title, sku: row.sku ?? '' };
}

export const emptyNewVariant = (optionCount: number): NewVariantValues => ({
  title: '',
  sku: '',
  price: '',
  salePrice: '',
  manageInventory: false,
  quantity: '',
  optionValues: Array.from({ length: optionCount }, () => ''),
});

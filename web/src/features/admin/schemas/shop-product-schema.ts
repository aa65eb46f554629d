// The products page's forms on the shop's own catalogue: a product's texts, a variant's price,
// sale price and stock, and a new product with its first variant, as typed; each field's French
// message; and their conversion to the rows of `products` and `product_variants`. Bounds are the
// tables' own (catalogue_products, catalogue_variants), so the database never refuses what passed.
import * as z from 'zod/mini';
import { centsFromEuros, eurosFromCents } from '@/features/admin/lib/euro-amount';

/** A product's texts as `products` holds them (an empty one: null). */
export interface ProductTexts {
  title: string;
  subtitle: string | null;
  ribbon_text: string | null;
}

/** A variant's price, sale price and stock as `product_variants` holds them. */
export interface VariantPricing {
  price_in_cents: number;
  sale_price_in_cents: number | null;
  manage_inventory: boolean;
  inventory_quantity: number | null;
}

const textFields = { title: z.string(), subtitle: z.string(), ribbonText: z.string() };
export const pricingFields = { price: z.string(), salePrice: z.string(), manageInventory: z.boolean(), quantity: z.string() };

export type Issue = (path: string, message: string) => void;
export const issuesOf =
  (payload: { value: Record<string, unknown>; issues: unknown[] }): Issue =>
  (path, message) =>
    payload.issues.push({ code: 'custom', message, path: [path], input: payload.value[path] });

export const tooLong = (max: number) => `Ce texte est trop long (${max} caractères au plus).`;

function checkTexts(v: { title: string; subtitle: string; ribbonText: string }, issue: Issue) {
  if (!v.title.trim()) issue('title', 'Indiquez le titre du produit.');
  else if (v.title.trim().length > 500) issue('title', tooLong(500));
  if (v.subtitle.trim().length > 500) issue('subtitle', tooLong(500));
  if (v.ribbonText.trim().length > 100) issue('ribbonText', tooLong(100));
}

/** Whole units, 0 or more, within a Postgres integer; null otherwise. */
function quantityOf(text: string): number | null {
  const compact = text.replace(/[\s\u00a0\u202f]/g, '');
  if (!/^\d{1,10}$/.test(compact)) return null;
  const quantity = Number(compact);
  return quantity <= 2_147_483_647 ? quantity : null;
}

export function checkPricing(v: { price: string; salePrice: string; manageInventory: boolean; quantity: string }, issue: Issue) {
  const price = centsFromEuros(v.price);
  if (price === null) issue('price', 'Indiquez un prix en euros, par exemple 14,90.');
  if (v.salePrice.trim()) {
    const sale = centsFromEuros(v.salePrice);
    if (sale === null) issue('salePrice', 'Indiquez un prix soldé en euros, par exemple 9,90, ou laissez le champ vide.');
    else if (price !== null && sale >= price) issue('salePrice', 'Le prix soldé doit être inférieur au prix.');
  }
  if (v.manageInventory && quantityOf(v.quantity) === null) issue('quantity', 'Indiquez la quantité en stock : un nombre entier, 0 ou plus.');
}

export const productTextsSchema = z.object(textFields).check((payload) => checkTexts(payload.value, issuesOf(payload)));
export const variantPricingSchema = z.object(pricingFields).check((payload) => checkPricing(payload.value, issuesOf(payload)));
export const newProductSchema = z.object({ ...textFields, variantTitle: z.string(), ...pricingFields }).check((payload) => {
  const issue = issuesOf(payload);
  checkTexts(payload.value, issue);
  if (!payload.value.variantTitle.trim()) issue('variantTitle', 'Indiquez le nom de la variante.');
  else if (payload.value.variantTitle.trim().length > 500) issue('variantTitle', tooLong(500));
  checkPricing(payload.value, issue);
});

export type ProductTextsValues = z.infer<typeof productTextsSchema>;
export type VariantPricingValues = z.infer<typeof variantPricingSchema>;
export type NewProductValues = z.infer<typeof newProductSchema>;

export const orNull = (text: string) => (text.trim() ? text.trim() : null);

export const emptyNewProduct: NewProductValues = {
  title: '',
  subtitle: '',
  ribbonText: '',
  variantTitle: '',
  price: '',
  salePrice: '',
  manageInventory: false,
  quantity: '',
};

export function toProductTextsUpdate(values: ProductTextsValues): ProductTexts {
  return { title: values.title.trim(), subtitle: orNull(values.subtitle), ribbon_text: orNull(values.ribbonText) };
}

/** Only once the schema has passed: every figure then reads. */
export function toVariantPricingUpdate(values: VariantPricingValues): VariantPricing {
  return {
    price_in_cents: centsFromEuros(values.price)!,
    sale_price_in_cents: values.salePrice.trim() ? centsFromEuros(values.salePrice)! : null,
    manage_inventory: values.manageInventory,
    // Unmanaged stock has no figure: the storefront then shows none.
    inventory_quantity: values.manageInventory ? quantityOf(values.quantity)! : null,
  };
}

export function toProductTextsValues(row: ProductTexts): ProductTextsValues {
  return { title: row.title, subtitle: row.subtitle ?? '', ribbonText: row.ribbon_text ?? '' };
}

export function toVariantPricingValues(row: VariantPricing): VariantPricingValues {
  return {
    price: eurosFromCents(row.price_in_cents),
    salePrice: row.sale_price_in_cents === null ? '' : eurosFromCents(row.sale_price_in_cents),
    manageInventory: row.manage_inventory,
    quantity: row.inventory_quantity === null ? '' : String(row.inventory_quantity),
  };
}

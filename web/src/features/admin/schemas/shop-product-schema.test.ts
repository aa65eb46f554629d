import { describe, expect, it } from 'vitest';
import {
  emptyNewProduct,
  newProductSchema,
  productTextsSchema,
  toProductTextsUpdate,
  toVariantPricingUpdate,
  toVariantPricingValues,
  variantPricingSchema,
  type NewProductValues,
} from '@/features/admin/schemas/shop-product-schema';

/** Each refused field with its message. */
function errorsOf(schema: { safeParse: (v: unknown) => { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } } }, values: unknown) {
  const result = schema.safeParse(values);
  return Object.fromEntries((result.error?.issues ?? []).map((issue) => [String(issue.path[0]), issue.message]));
}

const valid: NewProductValues = { ...emptyNewProduct, title: 'Rituel de la Lune', variantTitle: 'PDF', price: '14,90' };

describe('a new product', () => {
  it('passes with a title, a variant and a price', () => {
    expect(errorsOf(newProductSchema, valid)).toEqual({});
  });

  it('says in French which field is missing or wrong', () => {
    expect(errorsOf(newProductSchema, { ...emptyNewProduct, title: '  ', manageInventory: true, salePrice: 'moins cher' })).toEqual({
      title: 'Indiquez le titre du produit.',
      variantTitle: 'Indiquez le nom de la variante.',
      price: 'Indiquez un prix en euros, par exemple 14,90.',
      salePrice: 'Indiquez un prix soldé en euros, par exemple 9,90, ou laissez le champ vide.',
      quantity: 'Indiquez la quantité en stock : un nombre entier, 0 ou plus.',
    });
  });

  it('holds the texts to the tables’ bounds', () => {
    expect(errorsOf(newProductSchema, { ...valid, title: 'a'.repeat(501), subtitle: 'b'.repeat(501), ribbonText: 'c'.repeat(101) })).toEqual({
      title: 'Ce texte est trop long (500 caractères au plus).',
      subtitle: 'Ce texte est trop long (500 caractères au plus).',
      ribbonText: 'Ce texte est trop long (100 caractères au plus).',
    });
  });
});

describe('a variant’s price and stock', () => {
  const pricing = { price: '14,90', salePrice: '', manageInventory: false, quantity: '' };

  it('refuses a sale price that is not below the price', () => {
    expect(errorsOf(variantPricingSchema, { ...pricing, salePrice: '14,90' })).toEqual({ salePrice: 'Le prix soldé doit être inférieur au prix.' });
    expect(errorsOf(variantPricingSchema, { ...pricing, salePrice: '9,9' })).toEqual({});
  });

  it('asks for a quantity only when the stock is managed', () => {
    expect(errorsOf(variantPricingSchema, { ...pricing, quantity: 'beaucoup' })).toEqual({});
    for (const quantity of ['', '-1', '2,5', '99999999999']) {
      expect(errorsOf(variantPricingSchema, { ...pricing, manageInventory: true, quantity }), quantity).toHaveProperty('quantity');
    }
    expect(errorsOf(variantPricingSchema, { ...pricing, manageInventory: true, quantity: '0' })).toEqual({});
  });

  it('becomes the row in cents, and the row the form as the storefront writes it', () => {
    const row = toVariantPricingUpdate({ price: '1 234,5', salePrice: '14.9', manageInventory: true, quantity: ' 12 ' });
    expect(row).toEqual({ price_in_cents: 123450, sale_price_in_cents: 1490, manage_inventory: true, inventory_quantity: 12 });
    expect(toVariantPricingValues(row)).toEqual({ price: '1\u202f234,50', salePrice: '14,90', manageInventory: true, quantity: '12' });
    expect(toVariantPricingUpdate({ ...pricing, quantity: '7' })).toEqual({ price_in_cents: 1490, sale_price_in_cents: null, manage_inventory: false, inventory_quantity: null });
  });
});

describe('a product’s texts', () => {
  it('trims them and stores an empty one as none', () => {
    expect(errorsOf(productTextsSchema, { title: '', subtitle: '', ribbonText: '' })).toEqual({ title: 'Indiquez le titre du produit.' });
    expect(toProductTextsUpdate({ title: ' Rituel ', subtitle: '  ', ribbonText: ' Nouveau ' })).toEqual({ title: 'Rituel', subtitle: null, ribbon_text: 'Nouveau' });
  });
});

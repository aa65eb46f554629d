import { describe, expect, it } from 'vitest';
import { stockText, variantLabel } from '@/features/admin/lib/variant-summary';

describe('variantLabel', () => {
  it('names a variant with its product, the only one by the product alone', () => {
    const pdf = { title: 'PDF' };
    expect(variantLabel({ title: 'Rituel', variants: [pdf] }, pdf)).toBe('Rituel');
    expect(variantLabel({ title: 'Rituel', variants: [pdf, { title: 'Audio' }] }, pdf)).toBe('Rituel (PDF)');
    expect(variantLabel({ title: 'Rituel', variants: [pdf, pdf] }, { title: '' })).toBe('Rituel');
  });
});

describe('stockText', () => {
  it('says the stock as the admin reads it', () => {
    expect(stockText({ manage_inventory: false, inventory_quantity: null })).toBe('Stock illimité');
    expect(stockText({ manage_inventory: true, inventory_quantity: 3 })).toBe('3 en stock');
    expect(stockText({ manage_inventory: true, inventory_quantity: 0 })).toBe('Rupture de stock');
  });
});

import { describe, expect, it } from 'vitest';
import { displayVariant, effectivePrice, productPrice } from '@/lib/product-price';
import { buildVariant } from '@/testing/catalogue-fixtures';

const expensive = buildVariant({ id: 'expensive', price_in_cents: 5000, sale_price_in_cents: null });
const onSale = buildVariant({ id: 'on-sale', price_in_cents: 6000, sale_price_in_cents: 3000 });
const cheap = buildVariant({ id: 'cheap', price_in_cents: 4000, sale_price_in_cents: null, currency: 'usd' });

describe('effectivePrice', () => {
  it('is the sale price when present, else the regular price', () => {
    expect(effectivePrice(onSale)).toBe(3000);
    expect(effectivePrice(expensive)).toBe(5000);
  });
});

describe('displayVariant', () => {
  it('picks the lowest effective price with lowest_price_first', () => {
    expect(displayVariant({ site_product_selection: 'lowest_price_first', variants: [expensive, cheap, onSale] })?.id).toBe('on-sale');
  });

  it('picks the lowest effective price when there is no preference', () => {
    expect(displayVariant({ site_product_selection: null, variants: [expensive, cheap] })?.id).toBe('cheap');
    expect(displayVariant({ variants: [expensive, cheap] })?.id).toBe('cheap');
  });

  it('picks the first variant for any other preference', () => {
    expect(displayVariant({ site_product_selection: 'first_variant', variants: [expensive, onSale] })?.id).toBe('expensive');
  });

  it('keeps the first variant on a tie', () => {
    const twin = buildVariant({ id: 'twin', price_in_cents: 5000 });
    expect(displayVariant({ site_product_selection: null, variants: [expensive, twin] })?.id).toBe('expensive');
  });

  it('is undefined for a product without variants', () => {
    expect(displayVariant({ site_product_selection: null, variants: [] })).toBeUndefined();
  });
});

describe('productPrice', () => {
  it("is the display variant's effective price and currency", () => {
    expect(productPrice({ site_product_selection: null, variants: [expensive, cheap] })).toEqual({ price_in_cents: 4000, currency: 'usd' });
  });

  it('defaults to 0 in eur without variants', () => {
    expect(productPrice({ site_product_selection: null, variants: [] })).toEqual({ price_in_cents: 0, currency: 'eur' });
  });
});

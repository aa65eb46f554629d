// The import's mapping writes a store's description in the canonical form the database alone takes
// (docs/product-description.md): a hostile one made safe, not refused mid-import; one the store does
// not give left undefined, so the import keeps the stored one.
import { expect, it } from 'vitest';
import { catalogueRows, type Raw } from './store-rows.ts';

const product = (description: string | undefined): Raw => ({
  id: 'prod_hostile',
  title: 'Éveil',
  description,
  order: 0,
  type: { value: 'digital' },
  currency_info: { code: 'eur' },
  variants: [],
  options: [],
  media: [],
  collections: [],
  additional_info: [],
  custom_fields: [],
  related_products: [],
});

it('writes the store’s description through the shared sanitiser', () => {
  const [row] = catalogueRows([product('<div onclick="alert(1)">Paix <b>du cœur</b><script>alert(1)</script><img src=x onerror=alert(1)></div>')]).products;
  expect(row!.description).toBe('<p>Paix <strong>du cœur</strong></p>');
  expect(catalogueRows([product('<p>Déjà <strong>canonique</strong></p>')]).products[0]!.description).toBe('<p>Déjà <strong>canonique</strong></p>');
});

it('leaves a description the store does not give undefined', () => {
  expect(catalogueRows([product(undefined)]).products[0]!.description).toBeUndefined();
});

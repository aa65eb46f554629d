// The products page of a shop on its own catalogue, as several journeys start: a draft product
// created with its first variant from « Ajouter un produit ».
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/** Creates a draft product (`price` as typed, « 14,90 »); its card, once listed, and its id. */
export async function createDraftProduct(admin: Page, title: string, variant: string, price: string): Promise<{ card: Locator; productId: string }> {
  await admin.getByRole('button', { name: 'Ajouter un produit' }).click();
  const create = admin.getByRole('form', { name: 'Nouveau produit' });
  await create.getByLabel('Titre *').fill(title);
  await create.getByLabel('Nom de la variante *').fill(variant);
  await create.getByLabel('Prix (€) *').fill(price);
  await create.getByRole('button', { name: 'Créer le produit' }).click();
  const card = admin.getByRole('article', { name: title });
  await expect.poll(() => card.getByText('Brouillon').isVisible()).toBe(true);
  return { card, productId: (await card.getAttribute('aria-labelledby'))!.replace(/^product-/, '') };
}

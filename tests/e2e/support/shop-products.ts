// The products page of a shop on its own catalogue, as several journeys start: a draft product
// created with its first variant from « Ajouter un produit », given an option, and moved to the top
// of the list (the store shows its first 12 products, and the demo catalogue holds more).
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

/** Gives the product of `card` the option `name`, each variant's value its name as the form starts it. */
export async function addOption(card: Locator, title: string, name: string): Promise<void> {
  const options = card.getByRole('region', { name: `Options de « ${title} »` });
  await options.getByText('Ajouter une option').click();
  const option = options.getByRole('form', { name: `Nouvelle option de « ${title} »` });
  await option.getByLabel('Nom de l’option *').fill(name);
  await option.getByRole('button', { name: 'Ajouter l’option' }).click();
  await expect.poll(() => options.getByText(`Option « ${name} »`).isVisible()).toBe(true);
}

/** The titles of the products page's cards, in the list's order. */
export const listedTitles = (admin: Page) => admin.getByRole('article').evaluateAll((articles) => articles.map((article) => article.querySelector('h2')?.textContent));

/** Moves the product `title` up one place at a time, each move awaited, until it is first. */
export async function moveToTop(admin: Page, title: string): Promise<void> {
  const up = admin.getByRole('article', { name: title }).getByRole('button', { name: `Monter « ${title} »` });
  for (let place = (await listedTitles(admin)).indexOf(title); place > 0; place--) {
    await up.click();
    await expect.poll(async () => (await listedTitles(admin)).indexOf(title)).toBe(place - 1);
  }
}

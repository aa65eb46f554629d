// Browser journey of the product description's editor on a shop whose catalogue is its own (issue
// 44, deliverable 3), on a site built with VITE_CATALOGUE_SOURCE=shop: the administrator writes a
// description with a heading, bold and italic text, a bulleted list and a link (an address that is
// not https refused beside its field, what was typed kept), from the toolbar and its shortcuts,
// saves it and publishes the product; a visitor then sees it formatted on the product page, in the
// canonical form the database keeps.
import { expect, it } from 'vitest';
import { demoAdmin, signedIn } from '../support/accounts.ts';
import { screenshot, useBrowser } from '../support/browser.ts';
import { createDraftProduct } from '../support/shop-products.ts';

const browser = useBrowser();
const title = `Rituel du Matin ${Date.now().toString(36)}`;

it('writes a formatted description that a visitor then sees on the product page', async () => {
  const admin = await signedIn(browser, demoAdmin, '/admin/products');
  await expect.poll(() => admin.getByRole('heading', { name: 'Produits', level: 1 }).isVisible()).toBe(true);
  const { card, productId } = await createDraftProduct(admin, title, 'PDF', '12');

  await card.getByText('Modifier la description').click();
  const descriptionForm = card.getByRole('form', { name: `Description de « ${title} »` });
  const editor = descriptionForm.getByRole('textbox', { name: 'Description' });
  const tool = (name: string) => descriptionForm.getByRole('toolbar', { name: 'Mise en forme de la description' }).getByRole('button', { name, exact: true });
  const pressed = (name: string) => tool(name).getAttribute('aria-pressed');
  await editor.click();

  await tool('Titre').click();
  await expect.poll(() => pressed('Titre')).toBe('true');
  await admin.keyboard.type('Ouvrir le jour');
  await admin.keyboard.press('Enter');
  await expect.poll(() => pressed('Paragraphe')).toBe('true');
  await admin.keyboard.type('Un rituel ');
  await tool('Gras').click();
  await expect.poll(() => pressed('Gras')).toBe('true');
  await admin.keyboard.type('très court');
  await tool('Gras').click();
  await expect.poll(() => pressed('Gras')).toBe('false');
  await admin.keyboard.type(' pour les ');
  // The shortcut the button announces (aria-keyshortcuts) presses it too.
  await admin.keyboard.press('Control+i');
  await expect.poll(() => pressed('Italique')).toBe('true');
  await admin.keyboard.type('matins');
  await admin.keyboard.press('Control+i');
  await admin.keyboard.type('.');
  await admin.keyboard.press('Enter');
  await tool('Liste à puces').click();
  await expect.poll(() => pressed('Liste à puces')).toBe('true');
  await admin.keyboard.type('Une bougie');
  await admin.keyboard.press('Enter');
  await admin.keyboard.type('Une intention');
  // Enter on an empty item leaves the list.
  await admin.keyboard.press('Enter');
  await admin.keyboard.press('Enter');
  await expect.poll(() => pressed('Liste à puces')).toBe('false');
  await admin.keyboard.type('Lire le livret');
  for (let i = 0; i < 'le livret'.length; i++) await admin.keyboard.press('Shift+ArrowLeft');

  await tool('Lien').click();
  const address = descriptionForm.getByLabel('Adresse du lien (https:// ou mailto:)');
  await address.fill('http://lumiere.test/livret');
  await address.press('Enter');
  await expect.poll(() => descriptionForm.getByRole('alert').textContent()).toBe('Indiquez une adresse qui commence par https:// ou mailto:, sans espace.');
  expect(await address.inputValue()).toBe('http://lumiere.test/livret');
  await address.fill('https://lumiere.test/livret');
  await descriptionForm.getByRole('button', { name: 'Ajouter le lien' }).click();
  await expect.poll(() => editor.locator('a[href="https://lumiere.test/livret"]').textContent()).toBe('le livret');
  await screenshot(descriptionForm, 'product-description-editor');

  await descriptionForm.getByRole('button', { name: 'Enregistrer la description' }).click();
  await expect.poll(() => admin.getByText('Description enregistrée.').first().isVisible()).toBe(true);
  await card.getByRole('button', { name: 'Publier' }).click();
  await expect.poll(() => card.getByText('Publié').isVisible()).toBe(true);

  const visitor = await browser.open();
  await visitor.goto(`/product/${productId}`);
  await expect.poll(() => visitor.getByRole('heading', { name: title, level: 1 }).isVisible()).toBe(true);
  const description = visitor.locator('.prose-description').first();
  await expect.poll(() => description.getByRole('heading', { name: 'Ouvrir le jour', level: 2 }).isVisible()).toBe(true);
  // Where a space follows bold text the browser's editing writes a non-breaking one, which the description keeps.
  expect((await description.innerHTML()).replaceAll('&nbsp;', ' ')).toBe(
    '<h2>Ouvrir le jour</h2><p>Un rituel <strong>très court</strong> pour les <em>matins</em>.</p>' +
      '<ul><li>Une bougie</li><li>Une intention</li></ul><p>Lire <a href="https://lumiere.test/livret">le livret</a></p>',
  );
  expect(await description.getByRole('link', { name: 'le livret' }).isVisible()).toBe(true);
  await screenshot(visitor, 'product-description-visitor');
});

// Browser journeys of issue 22: the cart panel's two consent boxes block the checkout until both
// are ticked, each unticked box saying why beside it; the three legal pages show the published
// version, linked from the footer; an administrator publishes a new CGV in 'Paramètres' →
// 'Documents légaux' while a buyer's panel is open with both boxes ticked: the checkout is refused
// in the panel and the box unticked until ticked on the new version; that order refers to it while
// the earlier order still shows the one its buyer accepted, readable at /cgv?version=N.
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { demoAdmin, signedIn, signUpCustomer } from './support/accounts.ts';
import { screenshot, useBrowser } from './support/browser.ts';
import { addMeditationToCart, cartButton, payForCart } from './support/cart.ts';
import { paymentPage } from './support/payment-page.ts';

const browser = useBrowser();

it('blocks « Finaliser la Commande » until both boxes are ticked, with an error tied to each', async () => {
  const page = await signedIn(browser, await signUpCustomer('consentement'));
  await addMeditationToCart(page);
  await cartButton(page).click();
  const panel = page.getByRole('dialog');
  const cgv = panel.getByRole('checkbox', { name: /j'accepte les conditions générales de vente \(version \d+\)/ });
  const access = panel.getByRole('checkbox', {
    name: "Je demande l'accès immédiat à mes contenus numériques et je reconnais perdre mon droit de rétractation dès leur mise à disposition.",
  });
  await panel.getByRole('button', { name: 'Finaliser la Commande' }).click();
  await expect.poll(() => cgv.getAttribute('aria-invalid')).toBe('true');
  await expect.poll(() => cgv.evaluate((box) => box === box.ownerDocument.activeElement)).toBe(true);
  const describedBy = async (box: typeof cgv) => page.locator(`#${await box.getAttribute('aria-describedby')}`).textContent();
  expect(await describedBy(cgv)).toBe('Veuillez accepter les conditions générales de vente.');
  expect(await describedBy(access)).toBe("Veuillez demander l'accès immédiat et reconnaître la perte du droit de rétractation.");
  await expect.poll(() => panel.getByRole('alert').count()).toBe(2);
  await screenshot(page, 'consent-unticked');
  expect(page.url()).not.toMatch(/\/pay\//);

  await cgv.check();
  await panel.getByRole('button', { name: 'Finaliser la Commande' }).click();
  await expect.poll(() => access.evaluate((box) => box === box.ownerDocument.activeElement)).toBe(true);
  await expect.poll(() => panel.getByRole('alert').count()).toBe(1);
  expect(page.url()).not.toMatch(/\/pay\//);

  await access.check();
  await panel.getByRole('button', { name: 'Finaliser la Commande' }).click();
  await page.waitForURL(/\/pay\/cs_/, { timeout: 30_000 });
});

/** The CGV version the storefront shows as in force. */
async function cgvInForce(page: Page): Promise<number> {
  await page.goto('/cgv');
  const stamp = await page.getByText(/^Version \d+, publiée le /).textContent();
  return Number(/^Version (\d+)/.exec(stamp ?? '')?.[1]);
}

it('shows the three legal documents as published, linked from the footer', async () => {
  const page = await browser.open();
  await page.goto('/');
  const footer = page.getByRole('navigation', { name: 'Liens du pied de page' });
  for (const [link, heading, mention] of [
    ['Mentions légales', 'Mentions légales', 'Directeur de la publication'],
    ['Conditions générales de vente', 'Conditions générales de vente', 'Médiation de la consommation'],
    ['Politique de confidentialité', 'Politique de confidentialité', 'Ce que votre navigateur conserve'],
  ] as const) {
    await footer.getByRole('link', { name: link }).click();
    await expect.poll(() => page.getByRole('heading', { level: 1, name: heading }).isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('heading', { level: 2, name: mention }).isVisible()).toBe(true);
    await expect.poll(() => page.getByText(/^Version \d+, publiée le /).isVisible()).toBe(true);
    // The seller's identity comes from Paramètres, filled in at publication; no placeholder is left.
    const text = (await page.getByRole('article').textContent()) ?? '';
    expect(text).toContain('Lumière Sacrée');
    expect(text).not.toMatch(/\{\{|\[\[|À COMPLÉTER/);
  }
  await expect.poll(() => page.getByText('le stockage local (localStorage)', { exact: false }).isVisible()).toBe(true);
  await screenshot(page, 'legal-confidentialite');
});

it('an administrator publishes a new CGV: the next order refers to it, the earlier one keeps its own', async () => {
  const buyer = await signUpCustomer('cgv-versions');
  const customer = await signedIn(browser, buyer);
  const before = await cgvInForce(customer);
  await addMeditationToCart(customer);
  await payForCart(customer);
  // The next cart's boxes ticked on the version in force, the panel left open while it changes.
  await addMeditationToCart(customer);
  await cartButton(customer).click();
  const panel = customer.getByRole('dialog');
  await panel.getByRole('checkbox', { name: /j'accepte les conditions générales de vente/ }).check();
  await panel.getByRole('checkbox', { name: /Je demande l'accès immédiat/ }).check();

  const admin = await signedIn(browser, demoAdmin);
  await admin.goto('/admin/settings');
  await admin.getByRole('navigation', { name: 'Sections des paramètres' }).getByRole('link', { name: 'Documents légaux' }).click();
  await admin.getByRole('button', { name: 'Conditions générales de vente' }).click();
  const draft = admin.getByLabel('Brouillon : Conditions générales de vente (Markdown)');
  await draft.fill(`${await draft.inputValue()}\n\n## 12. Mise à jour de test\n\nArticle ajouté par le parcours des versions.`);
  await admin.getByRole('button', { name: 'Aperçu' }).click();
  await expect.poll(() => admin.getByRole('region', { name: 'Aperçu' }).getByRole('heading', { name: '12. Mise à jour de test' }).isVisible()).toBe(true);
  await admin.getByRole('button', { name: 'Publier une nouvelle version' }).click();
  await expect.poll(() => admin.getByText(`Version ${before + 1} publiée.`).first().isVisible()).toBe(true);
  await expect.poll(() => admin.getByRole('link', { name: `Version ${before + 1}` }).isVisible()).toBe(true);
  await screenshot(admin, 'legal-admin-published');

  // create-checkout refuses the version no longer in force; the panel says so beside its button,
  // shows the new version and unticks its box, which the buyer ticks again on that version.
  await panel.getByRole('button', { name: 'Finaliser la Commande' }).click();
  await expect.poll(() => panel.getByRole('alert').textContent()).toBe(
    "Les conditions générales de vente viennent d'être mises à jour : veuillez relire la nouvelle version et cocher à nouveau la case.",
  );
  await expect.poll(() => panel.getByRole('link', { name: `Lire les conditions générales de vente (version ${before + 1})` }).isVisible()).toBe(true);
  const cgv = panel.getByRole('checkbox', { name: `J'ai lu et j'accepte les conditions générales de vente (version ${before + 1}).` });
  expect(await cgv.isChecked()).toBe(false);
  await screenshot(customer, 'legal-cgv-changed-in-panel');
  await cgv.check();
  await panel.getByRole('button', { name: 'Finaliser la Commande' }).click();
  await customer.waitForURL(paymentPage.address, { timeout: 30_000 });
  await paymentPage.fillIn(customer, buyer.email);
  await paymentPage.payButton(customer).click();
  await expect.poll(() => customer.getByRole('heading', { name: 'Merci pour votre commande !' }).isVisible(), { timeout: 30_000 }).toBe(true);

  await customer.goto('/dashboard/orders');
  const accepted = customer.getByRole('link', { name: /^CGV acceptées \(version \d+\)$/ });
  await expect.poll(() => accepted.allTextContents()).toEqual([`CGV acceptées (version ${before + 1})`, `CGV acceptées (version ${before})`]);
  await screenshot(customer, 'legal-orders-cgv-versions');
  await accepted.last().click();
  await expect.poll(() => customer.url()).toContain(`/cgv?version=${before}`);
  await expect.poll(() => customer.getByText('Vous consultez une version antérieure de ce document.').isVisible()).toBe(true);
  expect(await customer.getByRole('article').textContent()).not.toContain('Mise à jour de test');
  await customer.getByRole('link', { name: `Lire la version en vigueur (version ${before + 1})` }).click();
  await expect.poll(() => customer.getByRole('heading', { name: '12. Mise à jour de test' }).isVisible()).toBe(true);
});

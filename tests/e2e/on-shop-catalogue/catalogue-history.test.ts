// Browser journey of the catalogue's history and « Ruptures de stock » on a shop whose catalogue is its
// own: a paid order for two of a product with one unit left files a shortfall (as the service role,
// as a recorded payment does); the administrator changes the product's price on its card and finds
// the change in its history (who, before → after) and in the catalogue's latest changes; the
// navigation counts the shortfall still to decide, the administrator's empty choice is refused
// beside it, and once marked delivered the decision and who took it are shown.
import { afterAll, expect, it } from 'vitest';
import { client, newCustomer, type ShopEnv } from '../../support/shop.ts';
import { fileStockShortfall, removeShortfallProduct, type FiledShortfall } from '../../support/stock-shortfall.ts';
import { demoAdmin, signedIn } from '../support/accounts.ts';
import { screenshot, useBrowser } from '../support/browser.ts';

const browser = useBrowser();
const env = process.env as unknown as ShopEnv;
const service = client(env, env.SUPABASE_SECRET_KEY);
let shortfall: FiledShortfall | undefined;

afterAll(async () => {
  if (shortfall) await removeShortfallProduct(service, shortfall);
});

it('shows a price change in the product’s history, and has a stock shortfall decided', async () => {
  const buyer = await newCustomer(env, 'rupture');
  shortfall = await fileStockShortfall(service, buyer.userId, `Dernier exemplaire ${Date.now().toString(36)}`);
  const title = shortfall.productTitle;

  const admin = await signedIn(browser, demoAdmin, '/admin/products');
  const card = admin.getByRole('article', { name: title });
  await expect.poll(() => card.isVisible(), { timeout: 30_000 }).toBe(true);
  await card.getByText('Modifier le prix et le stock').click();
  const pricing = card.getByRole('form', { name: `Prix et stock de ${title}` });
  await pricing.getByLabel('Prix (€) *').fill('12,90');
  await pricing.getByRole('button', { name: 'Enregistrer le prix et le stock' }).click();
  await expect.poll(() => card.getByText('12,90 €').isVisible()).toBe(true);

  await card.getByRole('link', { name: `Historique de « ${title} »` }).click();
  await admin.waitForURL(new RegExp(`/admin/products/${shortfall.productId}/history$`));
  await expect.poll(() => admin.getByRole('heading', { level: 1, name: `Historique de « ${title} »` }).isVisible()).toBe(true);
  const changes = admin.getByRole('list', { name: 'Modifications' }).getByRole('article');
  const newest = changes.first();
  expect(await newest.getByRole('heading', { name: 'Variante modifiée' }).isVisible()).toBe(true);
  expect(await newest.textContent()).toContain(`${demoAdmin.fullName}, le `);
  expect(await newest.getByRole('listitem').allTextContents()).toEqual(['Prix\u00a0: 15,00\u00a0€ → 12,90\u00a0€']);
  // Before it, the paid order took the stock (not a catalogue edit); first, what the service role wrote.
  expect(await changes.last().textContent()).toContain('Import, le ');
  await screenshot(admin, 'catalogue-history-product');

  await admin.getByRole('link', { name: '← Retour aux produits' }).click();
  await admin.getByRole('link', { name: 'Dernières modifications' }).click();
  await expect.poll(() => admin.getByRole('heading', { level: 1, name: 'Dernières modifications' }).isVisible()).toBe(true);
  const latest = admin.getByRole('list', { name: 'Modifications' }).getByRole('article').first();
  await expect.poll(() => latest.getByRole('link', { name: `« ${title} »` }).isVisible()).toBe(true);
  await screenshot(admin, 'catalogue-history-latest');

  const nav = admin.getByRole('link', { name: /^Ruptures de stock/ }).first();
  await expect.poll(() => nav.textContent()).toMatch(/rupture(s)? à traiter/);
  await nav.click();
  await admin.waitForURL(/\/admin\/stock$/);
  const item = admin.getByRole('article', { name: `${title} (Édition numérotée)` });
  await expect.poll(() => item.isVisible()).toBe(true);
  expect(await item.textContent()).toContain('2 commandés, 1 pris en stock\u00a0: 1 manquant');
  expect(await item.getByRole('link', { name: buyer.email }).getAttribute('href')).toBe(`/admin/users?compte=${buyer.userId}`);
  await item.getByRole('button', { name: 'Marquer comme traitée' }).click();
  await expect.poll(() => item.getByRole('alert').textContent()).toBe('Choisissez ce qui a été fait pour cette commande.');
  await screenshot(admin, 'stock-shortfall-to-decide');
  await item.getByRole('radio', { name: 'Livré malgré tout' }).check();
  await item.getByRole('button', { name: 'Marquer comme traitée' }).click();
  await expect.poll(() => item.getByText(new RegExp(`^Livré malgré tout, le .+, par ${demoAdmin.fullName}$`)).isVisible()).toBe(true);
  expect(await item.getByRole('button').count()).toBe(0);
  await screenshot(admin, 'stock-shortfall-decided');

  const { data } = await service.from('stock_shortfalls').select('resolution, handled_at').eq('order_item_id', shortfall.orderItemId).single();
  expect(data?.resolution).toBe('delivered');
  expect(data?.handled_at).not.toBeNull();
});

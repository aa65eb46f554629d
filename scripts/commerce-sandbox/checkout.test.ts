// Checkout over real HTTP: pricing from the catalogue, refusals, the hosted payment page's three
// buttons, stock taken on payment and the order it makes, expiry, and sessions and stock surviving
// a restart. Hostinger's storefront answers a checkout with its page's address only: what happened
// to a session is read from the page itself and from the orders of the Ecommerce API.
import { appendFileSync, existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { OrderDetail } from './hostinger/orders.ts';
import { buyerEmail, pageOf, postCheckout, startSandbox, stockOf, storePath, submitPayment, tempDataDir, useSandbox, type Sandbox } from './test-support.ts';

const shop = useSandbox();

async function openSession(items = [{ variant_id: 'var_eveil_du_coeur', quantity: 1 }], extra: Record<string, unknown> = {}) {
  const { status, body } = await postCheckout(shop.sandbox, items, extra);
  if (status !== 200 || !body.url) throw new Error(`checkout refused: ${status} ${body.message}`);
  return { url: body.url };
}

/** The page of a checkout opened on another run of the sandbox, on this one. */
const pageOn = (sandbox: Sandbox, paymentUrl: string) => `${sandbox.url}/pay/${paymentUrl.split('/').pop()}`;

/** The newest order the Ecommerce API lists under `email`, in full. */
async function newestOrderOf(sandbox: Sandbox, email: string): Promise<OrderDetail> {
  const api = `${sandbox.url}/api/ecommerce/v1/stores/${sandbox.storeId}/orders`;
  const headers = { Authorization: `Bearer ${sandbox.apiToken}` };
  const { data } = (await (await fetch(`${api}?email=${encodeURIComponent(email)}`, { headers })).json()) as { data: Array<{ id: string }> };
  if (data.length === 0) throw new Error(`no order under ${email}`);
  return ((await (await fetch(`${api}/${data[0]!.id}`, { headers })).json()) as { data: OrderDetail }).data;
}

describe('POST /store/{store}/checkout', () => {
  it('prices the lines from the catalogue, ignoring prices the client sends', async () => {
    const { status, body } = await postCheckout(shop.sandbox, [
      { variant_id: 'var_meditation_lumiere_interieure_45_minutes', quantity: 2, price_in_cents: 1, unit_price_cents: 1 },
      { variant_id: 'var_eveil_du_coeur', quantity: 1, sale_price_in_cents: 0 },
    ], { total_cents: 3 });
    expect(status).toBe(200);
    expect(Object.keys(body)).toEqual(['url']);
    expect(body.url).toMatch(new RegExp(`^${shop.sandbox.url}/pay/cs_[0-9a-f]{24}$`));
    const page = await pageOf(body.url!);
    expect(page.status).toBe(200);
    expect(page.html).toContain('67,00 €');
    const email = `prix-${crypto.randomUUID()}@example.test`;
    expect((await submitPayment(body.url!, 'pay', email)).status).toBe(303);
    const order = await newestOrderOf(shop.sandbox, email);
    expect(order).toMatchObject({ currency_code: 'eur', total: 2 * 1900 + 2900, paid_total: 2 * 1900 + 2900 });
    expect(order.items).toEqual([
      expect.objectContaining({ variant_id: 'var_meditation_lumiere_interieure_45_minutes', title: 'Méditation de la Lumière Intérieure / 45 minutes', quantity: 2, unit_price: 1900 }),
      expect.objectContaining({ variant_id: 'var_eveil_du_coeur', quantity: 1, unit_price: 2900 }),
    ]);
  });

  it.each([
    ['an unknown variant', [{ variant_id: 'var_inconnu', quantity: 1 }], /var_inconnu/],
    ['a zero quantity', [{ variant_id: 'var_eveil_du_coeur', quantity: 0 }], /quantity/],
    ['a fractional quantity', [{ variant_id: 'var_eveil_du_coeur', quantity: 1.5 }], /quantity/],
    ['a huge quantity', [{ variant_id: 'var_eveil_du_coeur', quantity: 1e9 }], /quantity/],
    ['a quantity sent as text', [{ variant_id: 'var_eveil_du_coeur', quantity: '2' }], /quantity/],
    ['more than the stock left', [{ variant_id: 'var_sommeil_profond', quantity: 4 }], /stock.*3/],
    ['a sold-out item', [{ variant_id: 'var_rituel_purification', quantity: 1 }], /stock/],
    ['an item not for sale', [{ variant_id: 'var_rituel_solstice', quantity: 1 }], /Rituel du Solstice/],
    ['an empty cart', [], /items/],
  ])('refuses %s with 400 and a message', async (_, items, message) => {
    const { status, body } = await postCheckout(shop.sandbox, items);
    expect(status).toBe(400);
    expect(body.message).toMatch(message);
  });

  it('counts two lines of one variant together against the stock', async () => {
    const { status } = await postCheckout(shop.sandbox, [{ variant_id: 'var_sommeil_profond', quantity: 2 }, { variant_id: 'var_sommeil_profond', quantity: 2 }]);
    expect(status).toBe(400);
  });

  it.each([['successUrl', 'javascript:alert(1)'], ['cancelUrl', 'pas une adresse'], ['successUrl', undefined]])('refuses a bad %s', async (field, value) => {
    const { status, body } = await postCheckout(shop.sandbox, [{ variant_id: 'var_eveil_du_coeur', quantity: 1 }], { [field]: value });
    expect(status).toBe(400);
    expect(body.message).toMatch(field);
  });

  it('refuses a body that is not JSON', async () => {
    const response = await fetch(storePath(shop.sandbox, '/checkout'), { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{items:' });
    expect(response.status).toBe(400);
    expect(response.statusText).toBe('Bad Request');
  });
});

describe('the hosted payment page', () => {
  it('shows the lines, quantities, unit prices and total in French with three real buttons', async () => {
    const { url } = await openSession([{ variant_id: 'var_gratitude', quantity: 3 }, { variant_id: 'var_coeur_apaise', quantity: 1 }]);
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/text\/html/);
    const html = await response.text();
    expect(html).toMatch(/<html lang="fr">/);
    expect(html).toMatch(/<form method="post"/);
    expect(html).toContain('Méditation de la Gratitude');
    expect(html).toContain('>3<');
    expect(html).toContain('7,00 €');
    expect(html).toContain('21,00 €');
    expect(html).toContain('33,00 €');
    for (const [action, label] of [['pay', 'Payer'], ['refuse', 'Simuler un refus'], ['cancel', 'Annuler']]) {
      expect(html).toMatch(new RegExp(`<button[^>]*type="submit"[^>]*name="action"[^>]*value="${action}"[^>]*>${label}</button>`));
    }
  });

  it('pays: 303 to the success URL exactly as given, an order captured, stock taken, the page closed', async () => {
    const before = await stockOf(shop.sandbox, 'prod_coffret_chemin_lumiere', 'var_coffret_chemin_lumiere');
    const { url } = await openSession([{ variant_id: 'var_coffret_chemin_lumiere', quantity: 2 }], { successUrl: 'http://shop.test/success?checkout=chk_1' });
    const email = `coffret-${crypto.randomUUID()}@example.test`;
    const response = await submitPayment(url, 'pay', email);
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('http://shop.test/success?checkout=chk_1');
    expect(await newestOrderOf(shop.sandbox, email)).toMatchObject({ payment_status: 'captured', total: 2 * 7900 });
    expect(await stockOf(shop.sandbox, 'prod_coffret_chemin_lumiere', 'var_coffret_chemin_lumiere')).toBe(before! - 2);
    const page = await pageOf(url);
    expect(page.status).toBe(409);
    expect(page.html).toContain('Cette commande a déjà été payée.');
  });

  it('refuses a payment when the stock ran out after the checkout opened', async () => {
    const first = await openSession([{ variant_id: 'var_sommeil_profond', quantity: 2 }]);
    const second = await openSession([{ variant_id: 'var_sommeil_profond', quantity: 2 }]);
    expect((await submitPayment(first.url, 'pay')).status).toBe(303);
    const late = await submitPayment(second.url, 'pay');
    expect(late.status).toBe(409);
    expect(await late.text()).toContain('Stock insuffisant');
    expect((await pageOf(second.url)).status).toBe(200);
    expect(await stockOf(shop.sandbox, 'prod_sommeil_profond', 'var_sommeil_profond')).toBe(1);
  });

  it('simulates a refusal: the session stays open and the page says why', async () => {
    const { url } = await openSession();
    const response = await submitPayment(url, 'refuse');
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('Paiement refusé par la banque. Vous pouvez réessayer ou annuler.');
    expect((await pageOf(url)).status).toBe(200);
    expect((await submitPayment(url, 'pay')).status).toBe(303);
  });

  it('cancels: 303 to the cancel URL, session canceled, and it can no longer be paid', async () => {
    const { url } = await openSession();
    const response = await submitPayment(url, 'cancel');
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('http://shop.test/panier');
    const again = await submitPayment(url, 'pay');
    expect(again.status).toBe(409);
    const html = await again.text();
    expect(html).toMatch(/lang="fr"/);
    expect(html).toContain('Ce paiement a été annulé.');
    expect((await pageOf(url)).status).toBe(409);
  });

  it('does not pay twice', async () => {
    const { url } = await openSession();
    expect((await submitPayment(url, 'pay')).status).toBe(303);
    const again = await submitPayment(url, 'pay');
    expect(again.status).toBe(409);
    expect(await again.text()).toContain('Cette commande a déjà été payée.');
  });

  it('refuses an unknown action and an unknown session', async () => {
    const { url } = await openSession();
    expect((await submitPayment(url, 'voler')).status).toBe(400);
    expect((await pageOf(url)).status).toBe(200);
    expect((await fetch(`${shop.sandbox.url}/pay/cs_000000000000000000000000`)).status).toBe(404);
  });
});

describe('lifetime of sessions and stock', () => {
  it('keeps sessions and stock across a restart', async () => {
    const dir = tempDataDir();
    let first = await startSandbox(dir.dir);
    try {
      const paid = await postCheckout(first, [{ variant_id: 'var_sommeil_profond', quantity: 1 }]);
      const open = await postCheckout(first, [{ variant_id: 'var_art_du_silence', quantity: 2 }]);
      expect((await submitPayment(paid.body.url!, 'pay')).status).toBe(303);
      await first.close();
      first = await startSandbox(dir.dir);
      expect((await pageOf(pageOn(first, paid.body.url!))).status).toBe(409);
      const reopened = await pageOf(pageOn(first, open.body.url!));
      expect(reopened.status).toBe(200);
      expect(reopened.html).toContain('44,00 €');
      expect(await stockOf(first, 'prod_sommeil_profond', 'var_sommeil_profond')).toBe(2);
      expect((await submitPayment(pageOn(first, open.body.url!), 'pay')).status).toBe(303);
      expect((await newestOrderOf(first, buyerEmail)).total).toBe(4400);
    } finally {
      await first.close();
      dir.remove();
    }
  });

  it('replays its journal of changes at start, skipping a last line cut short, and folds it into the state file', async () => {
    const dir = tempDataDir();
    let sandbox = await startSandbox(dir.dir);
    try {
      const paid = await postCheckout(sandbox, [{ variant_id: 'var_sommeil_profond', quantity: 1 }]);
      expect((await submitPayment(paid.body.url!, 'pay')).status).toBe(303);
      await sandbox.close();
      // The process killed in the middle of a change's line: that change was never answered.
      appendFileSync(join(dir.dir, 'journal.jsonl'), '{"session":{"id":"cs_cut');
      sandbox = await startSandbox(dir.dir);
      expect(existsSync(join(dir.dir, 'journal.jsonl'))).toBe(false);
      expect((await pageOf(pageOn(sandbox, paid.body.url!))).status).toBe(409);
      expect((await newestOrderOf(sandbox, buyerEmail)).items[0]!.variant_id).toBe('var_sommeil_profond');
      expect(await stockOf(sandbox, 'prod_sommeil_profond', 'var_sommeil_profond')).toBe(2);
    } finally {
      await sandbox.close();
      dir.remove();
    }
  });

  it('refuses to start over a state file it cannot read, naming it', async () => {
    const dir = tempDataDir();
    writeFileSync(join(dir.dir, 'state.json'), '{"sessions":');
    try {
      await expect(startSandbox(dir.dir)).rejects.toThrow(/state\.json/);
    } finally {
      dir.remove();
    }
  });

  it('reads an open session older than its lifetime as expired and refuses to pay it', async () => {
    const dir = tempDataDir();
    const shortLived = await startSandbox(dir.dir, { sessionTtlMs: 150 });
    try {
      const { body } = await postCheckout(shortLived, [{ variant_id: 'var_sommeil_profond', quantity: 1 }]);
      expect((await pageOf(body.url!)).status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect((await pageOf(body.url!)).status).toBe(409);
      const late = await submitPayment(body.url!, 'pay');
      expect(late.status).toBe(409);
      expect(await late.text()).toContain('expiré');
      expect(await stockOf(shortLived, 'prod_sommeil_profond', 'var_sommeil_profond')).toBe(3);
    } finally {
      await shortLived.close();
      dir.remove();
    }
  });

  it('uses the public URL for payment links', async () => {
    const dir = tempDataDir();
    const proxied = await startSandbox(dir.dir, { publicUrl: 'https://boutique.example/commerce', storeId: 'store_test' });
    try {
      expect(proxied.storeId).toBe('store_test');
      const { body } = await postCheckout(proxied, [{ variant_id: 'var_eveil_du_coeur', quantity: 1 }]);
      expect(body.url).toMatch(/^https:\/\/boutique\.example\/commerce\/pay\/cs_[0-9a-f]{24}$/);
    } finally {
      await proxied.close();
      dir.remove();
    }
  });
});

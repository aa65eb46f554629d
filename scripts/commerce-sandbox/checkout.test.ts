// Checkout over real HTTP: pricing from the catalogue, refusals, the hosted payment page's three
// buttons, stock taken on payment, expiry, and sessions and stock surviving a restart.
import { appendFileSync, existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { postCheckout, sessionOf, startSandbox, stockOf, storePath, submitPayment, tempDataDir, useSandbox } from './test-support.ts';

const shop = useSandbox();

async function openSession(items = [{ variant_id: 'var_eveil_du_coeur', quantity: 1 }], extra: Record<string, unknown> = {}) {
  const { status, body } = await postCheckout(shop.sandbox, items, extra);
  if (status !== 200 || !body.url || !body.session_id) throw new Error(`checkout refused: ${status} ${body.message}`);
  return { url: body.url, id: body.session_id };
}

describe('POST /store/{store}/checkout', () => {
  it('prices the lines from the catalogue, ignoring prices the client sends', async () => {
    const { status, body } = await postCheckout(shop.sandbox, [
      { variant_id: 'var_meditation_lumiere_interieure_45_minutes', quantity: 2, price_in_cents: 1, unit_price_cents: 1 },
      { variant_id: 'var_eveil_du_coeur', quantity: 1, sale_price_in_cents: 0 },
    ], { total_cents: 3 });
    expect(status).toBe(200);
    expect(body.session_id).toMatch(/^cs_[0-9a-f]{24}$/);
    expect(body.url).toBe(`${shop.sandbox.url}/pay/${body.session_id}`);
    const session = await sessionOf(shop.sandbox, body.session_id!);
    expect(session.status).toBe('open');
    expect(session.currency).toBe('eur');
    expect(session.paid_at).toBeNull();
    expect(session.line_items).toEqual([
      expect.objectContaining({ variant_id: 'var_meditation_lumiere_interieure_45_minutes', product_id: 'prod_meditation_lumiere_interieure', product_title: 'Méditation de la Lumière Intérieure', variant_title: '45 minutes', quantity: 2, unit_price_cents: 1900 }),
      expect.objectContaining({ variant_id: 'var_eveil_du_coeur', quantity: 1, unit_price_cents: 2900 }),
    ]);
    expect(session.total_cents).toBe(2 * 1900 + 2900);
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

  it('pays: 303 to the success URL with the session id, session paid, stock taken', async () => {
    const before = await stockOf(shop.sandbox, 'prod_coffret_chemin_lumiere', 'var_coffret_chemin_lumiere');
    const { url, id } = await openSession([{ variant_id: 'var_coffret_chemin_lumiere', quantity: 2 }], { successUrl: 'http://shop.test/success?from=checkout' });
    const response = await submitPayment(url, 'pay');
    expect(response.status).toBe(303);
    const location = new URL(response.headers.get('location')!);
    expect(location.origin + location.pathname).toBe('http://shop.test/success');
    expect(location.searchParams.get('from')).toBe('checkout');
    expect(location.searchParams.get('session_id')).toBe(id);
    const session = await sessionOf(shop.sandbox, id);
    expect(session.status).toBe('paid');
    expect(Date.parse(session.paid_at!)).not.toBeNaN();
    expect(await stockOf(shop.sandbox, 'prod_coffret_chemin_lumiere', 'var_coffret_chemin_lumiere')).toBe(before! - 2);
  });

  it('refuses a payment when the stock ran out after the checkout opened', async () => {
    const first = await openSession([{ variant_id: 'var_sommeil_profond', quantity: 2 }]);
    const second = await openSession([{ variant_id: 'var_sommeil_profond', quantity: 2 }]);
    expect((await submitPayment(first.url, 'pay')).status).toBe(303);
    const late = await submitPayment(second.url, 'pay');
    expect(late.status).toBe(409);
    expect(await late.text()).toContain('Stock insuffisant');
    expect((await sessionOf(shop.sandbox, second.id)).status).toBe('open');
    expect(await stockOf(shop.sandbox, 'prod_sommeil_profond', 'var_sommeil_profond')).toBe(1);
  });

  it('simulates a refusal: the session stays open and the page says why', async () => {
    const { url, id } = await openSession();
    const response = await submitPayment(url, 'refuse');
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('Paiement refusé par la banque. Vous pouvez réessayer ou annuler.');
    expect((await sessionOf(shop.sandbox, id)).status).toBe('open');
    expect((await submitPayment(url, 'pay')).status).toBe(303);
  });

  it('cancels: 303 to the cancel URL, session canceled, and it can no longer be paid', async () => {
    const { url, id } = await openSession();
    const response = await submitPayment(url, 'cancel');
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('http://shop.test/panier');
    expect((await sessionOf(shop.sandbox, id)).status).toBe('canceled');
    const again = await submitPayment(url, 'pay');
    expect(again.status).toBe(409);
    const html = await again.text();
    expect(html).toMatch(/lang="fr"/);
    expect(html).toContain('Ce paiement a été annulé.');
    expect((await sessionOf(shop.sandbox, id)).status).toBe('canceled');
    expect((await fetch(url)).status).toBe(409);
  });

  it('does not pay twice', async () => {
    const { url } = await openSession();
    expect((await submitPayment(url, 'pay')).status).toBe(303);
    const again = await submitPayment(url, 'pay');
    expect(again.status).toBe(409);
    expect(await again.text()).toContain('Cette commande a déjà été payée.');
  });

  it('refuses an unknown action and an unknown session', async () => {
    const { url, id } = await openSession();
    expect((await submitPayment(url, 'voler')).status).toBe(400);
    expect((await sessionOf(shop.sandbox, id)).status).toBe('open');
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
      expect((await sessionOf(first, paid.body.session_id!)).status).toBe('paid');
      const reopened = await sessionOf(first, open.body.session_id!);
      expect(reopened).toMatchObject({ status: 'open', total_cents: 4400 });
      expect(await stockOf(first, 'prod_sommeil_profond', 'var_sommeil_profond')).toBe(2);
      expect((await submitPayment(`${first.url}/pay/${open.body.session_id}`, 'pay')).status).toBe(303);
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
      expect((await sessionOf(sandbox, paid.body.session_id!)).status).toBe('paid');
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
      expect((await sessionOf(shortLived, body.session_id!)).status).toBe('open');
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect((await sessionOf(shortLived, body.session_id!)).status).toBe('expired');
      const late = await submitPayment(body.url!, 'pay');
      expect(late.status).toBe(409);
      expect(await late.text()).toContain('expiré');
      expect(await stockOf(shortLived, 'prod_sommeil_profond', 'var_sommeil_profond')).toBe(3);
    } finally {
      await shortLived.close();
      dir.remove();
    }
  });

  it('expires an open session on request (tests only), as one left past its lifetime reads', async () => {
    const expire = (body: unknown) =>
      fetch(`${shop.sandbox.url}/__sandbox/expire`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    const open = await openSession();
    const answer = await expire({ session_id: open.id });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ session_id: open.id, status: 'expired' });
    expect((await sessionOf(shop.sandbox, open.id)).status).toBe('expired');
    const late = await submitPayment(open.url, 'pay');
    expect(late.status).toBe(409);
    expect(await late.text()).toContain('expiré');

    const paid = await openSession();
    expect((await submitPayment(paid.url, 'pay')).status).toBe(303);
    const notOpen = await expire({ session_id: paid.id });
    expect(notOpen.status).toBe(409);
    await notOpen.body?.cancel();
    expect((await sessionOf(shop.sandbox, paid.id)).status).toBe('paid');
    const unknown = await expire({ session_id: 'cs_inconnu' });
    expect(unknown.status).toBe(404);
    await unknown.body?.cancel();
  });

  it('uses the public URL for payment links', async () => {
    const dir = tempDataDir();
    const proxied = await startSandbox(dir.dir, { publicUrl: 'https://boutique.example/commerce', storeId: 'store_test' });
    try {
      expect(proxied.storeId).toBe('store_test');
      const { body } = await postCheckout(proxied, [{ variant_id: 'var_eveil_du_coeur', quantity: 1 }]);
      expect(body.url).toBe(`https://boutique.example/commerce/pay/${body.session_id}`);
    } finally {
      await proxied.close();
      dir.remove();
    }
  });
});

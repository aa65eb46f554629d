// create-checkout against the local stack and the Hostinger double: lines are priced from the
// catalogue whatever the request says, the buyer is sent back to the shop's own checkout id, and
// every bad cart is a 400 that writes nothing.
import assert from 'node:assert/strict';
import { catalogue, effectivePrice, hostingerOrdersOf, pressPaymentButton, type CatalogueEntry } from './commerce_sandbox.ts';
import { consent } from './checkouts.ts';
import { callFunction, env, service, signUpCustomer, writesOf } from './helpers.ts';

const entries = await catalogue();
const buyable = entries.filter((e) => e.purchasable && (e.stock === null || e.stock >= 3));
const onSale = buyable.find((e) => e.salePriceInCents !== null) ?? buyable[0]!;
const regular = buyable.find((e) => e.variantId !== onSale.variantId)!;

const checkout = (items: unknown, overrides: Record<string, unknown> = {}) => ({
  items,
  successUrl: `${env.siteUrl}/success`,
  cancelUrl: `${env.siteUrl}/store`,
  locale: 'fr-FR',
  timeZone: 'Europe/Paris',
  consent,
  ...overrides,
});

Deno.test('a tampered price in the request changes nothing: lines are priced from the catalogue', async () => {
  const buyer = await signUpCustomer();
  const items = [
    { variant_id: onSale.variantId, quantity: 2, price_in_cents: 1, sale_price_in_cents: 0, unit_price_cents: 1 },
    { variant_id: regular.variantId, quantity: 1, price: 0 },
  ];
  const answer = await callFunction('create-checkout', checkout(items, { total_cents: 1, currency: 'usd' }), buyer.token);
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
  assert.match(answer.body.url, /^https?:\/\//);

  const expected = effectivePrice(onSale) * 2 + effectivePrice(regular);
  const { data: rows, error } = await buyer.client.from('checkout_sessions').select('id, items, total_amount_cents, currency, status, buyer_email, provider_checkout_id');
  assert.equal(error, null);
  assert.equal(rows!.length, 1, 'one pending checkout, readable by its buyer');
  const row = rows![0]!;
  assert.equal(row.total_amount_cents, expected);
  assert.equal(row.currency, 'eur');
  assert.equal(row.status, 'pending');
  assert.match(row.id, /^[0-9a-f-]{36}$/, 'the checkout is under an id of the shop\'s own');
  assert.equal(row.buyer_email, buyer.email, 'with the e-mail its payment is first looked for under');
  assert.equal(row.provider_checkout_id, null, 'Hostinger\'s checkout gives no id of its own');
  const unitPrices = Object.fromEntries(row.items.map((line: { variant_id: string; unit_price_cents: number }) => [line.variant_id, line.unit_price_cents]));
  assert.deepEqual(unitPrices, { [onSale.variantId]: effectivePrice(onSale), [regular.variantId]: effectivePrice(regular) });

  const page = await fetch(answer.body.url);
  assert.equal(page.status, 200);
  assert.match(await page.text(), new RegExp((expected / 100).toFixed(2).replace('.', ',')), 'the hosted page charges the catalogue price');
  const paid = await pressPaymentButton(answer.body.url, 'Payer', { email: buyer.email });
  assert.equal(paid.location, `${env.siteUrl}/success?checkout=${row.id}`, 'the buyer comes back to the shop\'s own checkout id');
  const [order] = await hostingerOrdersOf(buyer.email);
  assert.equal(order?.total, expected, 'Hostinger took the catalogue price');
});

const badCarts: [string, unknown][] = [
  ['an unknown variant', checkout([{ variant_id: 'variant-that-does-not-exist', quantity: 1 }])],
  ['a quantity of 0', checkout([{ variant_id: regular.variantId, quantity: 0 }])],
  ['a quantity of 1.5', checkout([{ variant_id: regular.variantId, quantity: 1.5 }])],
  ['a quantity of 10^9', checkout([{ variant_id: regular.variantId, quantity: 1e9 }])],
  ['a quantity given as text', checkout([{ variant_id: regular.variantId, quantity: '2' }])],
  ['an empty cart', checkout([])],
  ['the same variant on two lines', checkout([{ variant_id: regular.variantId, quantity: 1 }, { variant_id: regular.variantId, quantity: 1 }])],
  ['a foreign success URL', checkout([{ variant_id: regular.variantId, quantity: 1 }], { successUrl: 'https://evil.example/success' })],
  ['a foreign cancel URL', checkout([{ variant_id: regular.variantId, quantity: 1 }], { cancelUrl: 'http://127.0.0.1:1/store' })],
  ['a javascript: success URL', checkout([{ variant_id: regular.variantId, quantity: 1 }], { successUrl: 'javascript:alert(1)' })],
  ['an invalid time zone', checkout([{ variant_id: regular.variantId, quantity: 1 }], { timeZone: 'Mars/Olympus' })],
  ['no items at all', { successUrl: `${env.siteUrl}/success` }],
  ['a body that is not JSON', '{"items": ['],
];

for (const [what, body] of badCarts) {
  Deno.test(`${what} is refused with 400 and writes nothing`, async () => {
    const buyer = await signUpCustomer();
    const answer = await callFunction('create-checkout', body, buyer.token);
    assert.equal(answer.status, 400, JSON.stringify(answer.body));
    assert.equal(typeof answer.body.error.code, 'string');
    assert.ok(answer.body.error.message.length > 0);
    assert.deepEqual(await writesOf(buyer.user.id), { checkouts: 0, orders: 0 });
  });
}

/** A variant the store manages stock for, with at least one unit left. */
const stocked = entries.find((e) => e.purchasable && e.stock !== null && e.stock >= 1);
const soldOut = entries.find((e) => e.purchasable && e.stock === 0);

Deno.test('more than the stock left is refused, with the spec\'s wording', async () => {
  assert.ok(stocked && soldOut, 'the sandbox catalogue has a stocked and a sold-out managed variant');
  const buyer = await signUpCustomer();
  for (const [entry, quantity] of [[stocked, stocked.stock! + 1], [soldOut, 1]] as [CatalogueEntry, number][]) {
    const answer = await callFunction('create-checkout', checkout([{ variant_id: entry.variantId, quantity }]), buyer.token);
    assert.equal(answer.status, 400);
    assert.equal(answer.body.error.code, 'insufficient_stock');
    assert.equal(answer.body.error.message, `Stock insuffisant pour ${entry.productTitle} (${entry.variantTitle}). ${entry.stock} restant(s).`);
  }
  assert.deepEqual(await writesOf(buyer.user.id), { checkouts: 0, orders: 0 });
});

Deno.test('a product the store does not sell is refused', async () => {
  const unpurchasable = entries.find((e) => !e.purchasable);
  assert.ok(unpurchasable, 'the sandbox catalogue has an unpurchasable product');
  const buyer = await signUpCustomer();
  const answer = await callFunction('create-checkout', checkout([{ variant_id: unpurchasable.variantId, quantity: 1 }]), buyer.token);
  assert.equal(answer.status, 400);
  assert.equal(answer.body.error.code, 'not_purchasable');
  assert.deepEqual(await writesOf(buyer.user.id), { checkouts: 0, orders: 0 });
});

Deno.test('only signed-in customers may check out', async () => {
  const answer = await callFunction('create-checkout', checkout([{ variant_id: regular.variantId, quantity: 1 }]), env.anonKey);
  assert.equal(answer.status, 401);
  assert.equal(answer.body.error.code, 'not_signed_in');
  const missing = await fetch(`${env.supabaseUrl}/functions/v1/create-checkout`, { method: 'POST', body: '{}' });
  assert.equal(missing.status, 401, 'the gateway refuses a call without a JWT');
  await missing.body?.cancel();
});

Deno.test('a buyer back from « Annuler » three times can pay at once: the oldest pending checkout is given up for the new one', async () => {
  const buyer = await signUpCustomer('annule');
  const cart = checkout([{ variant_id: regular.variantId, quantity: 1 }]);
  for (let i = 1; i <= 3; i++) {
    const opened = await callFunction('create-checkout', cart, buyer.token);
    assert.equal(opened.status, 200, `checkout ${i} opens`);
    assert.equal((await pressPaymentButton(opened.body.url, 'Annuler')).status, 303, `checkout ${i} canceled on the hosted page`);
  }
  const fourth = await callFunction('create-checkout', cart, buyer.token);
  assert.equal(fourth.status, 200, 'the fourth opens without waiting for the schedule');
  const { data, error } = await service.from('checkout_sessions').select('status').eq('user_id', buyer.user.id).order('created_at');
  assert.equal(error, null);
  assert.deepEqual(data!.map((row) => row.status), ['canceled', 'pending', 'pending', 'pending']);
  const fifth = await callFunction('create-checkout', cart, buyer.token);
  assert.equal(fifth.status, 200, 'and so does a fifth');
  const { data: after } = await service.from('checkout_sessions').select('status').eq('user_id', buyer.user.id).order('created_at');
  assert.deepEqual(after!.map((row) => row.status), ['canceled', 'canceled', 'pending', 'pending', 'pending']);
});

Deno.test('a burst of checkouts is refused with 429 and a French message past five in ten minutes, and opens nothing at the provider', async () => {
  const buyer = await signUpCustomer('burst');
  const cart = checkout([{ variant_id: regular.variantId, quantity: 1 }]);
  for (let i = 1; i <= 5; i++) assert.equal((await callFunction('create-checkout', cart, buyer.token)).status, 200, `checkout ${i} of 5 in ten minutes`);
  const sixth = await callFunction('create-checkout', cart, buyer.token);
  assert.equal(sixth.status, 429, 'the sixth in ten minutes is refused');
  assert.equal(sixth.body.error.code, 'rate_limited');
  assert.equal(sixth.body.error.detail, 'Vous avez commencé plusieurs paiements en peu de temps. Veuillez patienter quelques minutes avant de réessayer.');
  assert.deepEqual(await writesOf(buyer.user.id), { checkouts: 5, orders: 0 });
  const { data } = await service.from('checkout_sessions').select('status').eq('user_id', buyer.user.id);
  assert.equal(data!.filter((row) => row.status === 'pending').length, 3, 'never more than three waiting at once');
});

// The buyer's consent at checkout (issue #22): create-checkout refuses a cart unless both boxes
// are ticked on the CGV version in force, with the French sentence the cart panel shows, and
// otherwise keeps with the checkout session the version, the database's wording and the time;
// record-order copies them onto the order, and a replay changes nothing.
import assert from 'node:assert/strict';
import { cart, consent, paidCheckout, recordOrder } from './checkouts.ts';
import { callFunction, env, service, signUpCustomer, writesOf } from './helpers.ts';

const items = cart.map(({ entry, quantity }) => ({ variant_id: entry.variantId, quantity }));
const body = (overrides: Record<string, unknown>) => ({
  items,
  successUrl: `${env.siteUrl}/success`,
  cancelUrl: `${env.siteUrl}/store`,
  locale: 'fr-FR',
  timeZone: 'Europe/Paris',
  ...overrides,
});

const { data: terms, error: termsError } = await service.rpc('checkout_terms');
assert.equal(termsError, null);
const wording = `${terms.cgv_label}\n${terms.immediate_access_label}`;

const refusals: [string, Record<string, unknown>, number, string, string][] = [
  ['no consent at all', { consent: undefined }, 400, 'cgv_not_accepted', 'Veuillez accepter les conditions générales de vente pour finaliser votre commande.'],
  ['the CGV box unticked', { consent: { ...consent, acceptsCgv: false } }, 400, 'cgv_not_accepted', 'Veuillez accepter les conditions générales de vente pour finaliser votre commande.'],
  ['the immediate access box unticked', { consent: { ...consent, requestsImmediateAccess: false } }, 400, 'immediate_access_not_requested',
    "Veuillez demander l'accès immédiat à vos contenus et reconnaître la perte de votre droit de rétractation pour finaliser votre commande."],
  ['the immediate access box missing', { consent: { cgvVersion: consent.cgvVersion, acceptsCgv: true } }, 400, 'immediate_access_not_requested',
    "Veuillez demander l'accès immédiat à vos contenus et reconnaître la perte de votre droit de rétractation pour finaliser votre commande."],
  ['a CGV version other than the one in force', { consent: { ...consent, cgvVersion: consent.cgvVersion + 1 } }, 409, 'cgv_changed',
    "Les conditions générales de vente viennent d'être mises à jour : veuillez relire la nouvelle version et cocher à nouveau la case."],
];

for (const [what, overrides, status, code, detail] of refusals) {
  Deno.test(`${what}: refused with ${status} and the French message, nothing written`, async () => {
    const buyer = await signUpCustomer();
    const answer = await callFunction('create-checkout', body(overrides), buyer.token);
    assert.equal(answer.status, status, JSON.stringify(answer.body));
    assert.equal(answer.body.error.code, code);
    assert.equal(answer.body.error.detail, detail);
    assert.deepEqual(await writesOf(buyer.user.id), { checkouts: 0, orders: 0 });
  });
}

Deno.test('with both boxes the session holds the CGV version, the wording and the time; the order copies them, once', async () => {
  const buyer = await signUpCustomer();
  const before = Date.now();
  const checkoutId = await paidCheckout(buyer);
  const after = Date.now();
  const { data: session, error } = await buyer.client.from('checkout_sessions').select('cgv_version, consent_text, consented_at, consent_required').eq('id', checkoutId).single();
  assert.equal(error, null);
  assert.equal(session!.cgv_version, consent.cgvVersion);
  assert.equal(session!.consent_text, wording, 'the database\'s wording, not the browser\'s');
  assert.match(session!.consent_text, /Je demande l'accès immédiat à mes contenus numériques et je reconnais perdre mon droit de rétractation/);
  const at = Date.parse(session!.consented_at);
  assert.ok(at >= before - 1000 && at <= after + 1000, `consented at ${session!.consented_at}, during the request`);
  assert.equal(session!.consent_required, true);

  const first = await recordOrder(checkoutId, buyer);
  assert.equal(first.status, 200, JSON.stringify(first.body));
  const read = async () => {
    const { data, error } = await buyer.client.from('orders').select('cgv_version, consent_text, consented_at, consent_required').eq('id', first.body.order_id).single();
    assert.equal(error, null);
    return data!;
  };
  const order = await read();
  assert.deepEqual(order, session, 'the order holds exactly what the session held');
  const again = await recordOrder(checkoutId, buyer);
  assert.equal(again.body.order_id, first.body.order_id);
  assert.deepEqual(await read(), order, 'a replay changes nothing');
});

Deno.test("a tampered wording in the request is ignored: the session keeps the shop's own", async () => {
  const buyer = await signUpCustomer();
  const answer = await callFunction('create-checkout', body({ consent: { ...consent, consent_text: 'Je ne renonce à rien.' }, consent_text: 'Rien' }), buyer.token);
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
  const { data } = await buyer.client.from('checkout_sessions').select('consent_text');
  assert.deepEqual(data, [{ consent_text: wording }]);
});

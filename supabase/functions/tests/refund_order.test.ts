// refund-order and the reconciliation's pick-up, against the local stack and the commerce sandbox:
// an administrator refunds a real paid order whole or by line; only once the service confirms is
// it recorded, once, whatever double clicks and retries; the buyer loses the refunded line's
// access (its stamped copy removed) and keeps the other; a refund made elsewhere is recorded as
// « hors ligne »; refunds and disputes made at the service directly are picked up by the
// reconciliation, a dispute suspending access, then restoring it (won) or revoking it (lost); the
// credit note is a PDF (invoice-pdf) naming itself and the invoice it corrects, mailed to the buyer once.
import assert from 'node:assert/strict';
import { paidCheckout, recordOrder } from './checkouts.ts';
import { catalogue, checkoutSession, refundAtTheService, setCommerceDispute } from './commerce_sandbox.ts';
import { callFunction, type Customer, env, service, signUpAdmin, signUpCustomer } from './helpers.ts';
import { failSendsTo, mailsTo, readMail } from './mail_outbox.ts';
import { pageTexts } from './pdf_text.ts';
import { franchiseSeller, withSellerSettings } from './seller_settings.ts';

// A two-line cart of files the stack delivers: a PDF (stamped per buyer) and another format.
const sellable = new Set((await catalogue()).filter((e) => e.purchasable && e.stock === null).map((e) => e.variantId));
const { data: files } = await service.from('product_files').select('variant_id, file_type');
const pdf = files!.find((f) => f.file_type === 'pdf' && sellable.has(f.variant_id))!.variant_id;
const other = files!.find((f) => f.file_type !== 'pdf' && sellable.has(f.variant_id))!.variant_id;
const twoLines = [{ variant_id: pdf, quantity: 1 }, { variant_id: other, quantity: 1 }];

const admin = await signUpAdmin();

interface Bought {
  buyer: Customer;
  sessionId: string;
  orderId: string;
  /** Order item ids by variant. */
  line: Record<string, string>;
}

async function boughtOrder(): Promise<Bought> {
  const buyer = await signUpCustomer();
  const sessionId = await paidCheckout(buyer, twoLines);
  const recorded = await recordOrder(sessionId, buyer);
  assert.equal(recorded.status, 200, JSON.stringify(recorded.body));
  const { data, error } = await service.from('order_items').select('id, variant_id').eq('order_id', recorded.body.order_id);
  if (error) throw new Error(error.message);
  return { buyer, sessionId, orderId: recorded.body.order_id, line: Object.fromEntries(data.map((i) => [i.variant_id, i.id])) };
}

const refundOrder = (body: Record<string, unknown>, token = admin.token) => callFunction('refund-order', { reason: 'Achat en double', request_id: crypto.randomUUID(), ...body }, token);
const reconcileAll = () => callFunction('reconcile-checkouts', { scope: 'all' }, env.reconcileJobSecret);
const link = (bought: Bought, variantId: string) => callFunction('issue-download', { order_item_id: bought.line[variantId], disposition: 'inline' }, bought.buyer.token);

async function orderState(orderId: string) {
  const { data, error } = await service.from('orders').select('payment_status, refunded_amount_cents, credit_notes(number, refund_id, source, reason, amount_cents)').eq('id', orderId).single();
  if (error) throw new Error(error.message);
  return data as { payment_status: string; refunded_amount_cents: number; credit_notes: { number: string; refund_id: string; source: string; reason: string; amount_cents: number }[] };
}

async function linePrice(itemId: string | undefined): Promise<number> {
  const { data } = await service.from('order_items').select('quantity, price_per_item_cents').eq('id', itemId!).single();
  return data!.quantity * data!.price_per_item_cents;
}

Deno.test('only a signed-in administrator refunds, with a well-formed request', async () => {
  const bought = await boughtOrder();
  assert.equal((await refundOrder({ order_id: bought.orderId }, env.anonKey)).status, 401);
  const customer = await refundOrder({ order_id: bought.orderId }, bought.buyer.token);
  assert.equal(customer.status, 403, JSON.stringify(customer.body));
  assert.equal((await refundOrder({ order_id: bought.orderId, reason: '   ' })).status, 400);
  assert.equal((await refundOrder({ order_id: bought.orderId, request_id: 'pas-un-uuid' })).status, 400);
  assert.equal((await refundOrder({ order_id: crypto.randomUUID() })).status, 404);
  const foreign = await boughtOrder();
  assert.equal((await refundOrder({ order_id: bought.orderId, order_item_ids: [foreign.line[pdf]] })).status, 400);
  assert.equal((await orderState(bought.orderId)).payment_status, 'paid');
  assert.deepEqual((await checkoutSession(bought.sessionId)).refunds, [], 'the service was asked nothing');
});

Deno.test('one line refunded: the buyer loses it (stamped copy removed) and keeps the other; double clicks and retries refund once', async () => {
  const bought = await boughtOrder();
  assert.equal((await link(bought, pdf)).status, 200, 'before: the PDF opens (its stamped copy made)');
  const { data: stamped } = await service.from('order_items').select('stamped_path').eq('id', bought.line[pdf]).single();
  assert.ok(stamped!.stamped_path);

  const request_id = crypto.randomUUID();
  const clicks = await Promise.all([1, 2, 3].map(() => refundOrder({ order_id: bought.orderId, order_item_ids: [bought.line[pdf]], request_id })));
  assert.deepEqual(clicks.map((c) => c.status), [200, 200, 200], JSON.stringify(clicks.map((c) => c.body)));
  assert.equal(new Set(clicks.map((c) => c.body.number)).size, 1, 'every click answers the same credit note');
  assert.match(clicks[0]!.body.number, /^AV-\d{4}-\d{6}$/);
  const retry = await refundOrder({ order_id: bought.orderId, order_item_ids: [bought.line[pdf]], request_id });
  assert.deepEqual([retry.status, retry.body.number, retry.body.repeated], [200, clicks[0]!.body.number, true]);

  const session = await checkoutSession(bought.sessionId);
  assert.equal(session.refunds.length, 1, 'the service refunded once');
  const state = await orderState(bought.orderId);
  assert.equal(state.payment_status, 'partially_refunded');
  assert.equal(state.credit_notes.length, 1);
  assert.deepEqual({ ...state.credit_notes[0], number: undefined }, { number: undefined, refund_id: session.refunds[0].id, source: 'commerce', reason: 'Achat en double', amount_cents: await linePrice(bought.line[pdf]) });

  const refused = await link(bought, pdf);
  assert.equal(refused.status, 410);
  assert.equal(refused.body.error.code, 'refunded');
  assert.match(refused.body.error.detail, /^Ce contenu a été remboursé le \d{2}\/\d{2}\/\d{4}\.$/);
  assert.equal((await link(bought, other)).status, 200, 'the other line still opens');
  const { error: gone } = await service.storage.from('deliverables').download(stamped!.stamped_path);
  assert.ok(gone, 'the stamped copy is removed');

  const again = await refundOrder({ order_id: bought.orderId, order_item_ids: [bought.line[pdf]] });
  assert.equal(again.status, 409, 'a new request for a refunded line is refused by the service');
  assert.equal((await orderState(bought.orderId)).credit_notes.length, 1);

  const rest = await refundOrder({ order_id: bought.orderId });
  assert.equal(rest.status, 200, JSON.stringify(rest.body));
  assert.notEqual(rest.body.number, clicks[0]!.body.number);
  const after = await orderState(bought.orderId);
  assert.equal(after.payment_status, 'refunded');
  assert.equal(after.refunded_amount_cents, (await linePrice(bought.line[pdf])) + (await linePrice(bought.line[other])));
});

Deno.test('a refund made elsewhere is recorded « hors ligne », once, without asking the service', async () => {
  const bought = await boughtOrder();
  const request_id = crypto.randomUUID();
  const body = { order_id: bought.orderId, offline: true, reason: 'Remboursé par virement', request_id };
  const [a, b] = await Promise.all([refundOrder(body), refundOrder(body)]);
  assert.deepEqual([a.status, b.status], [200, 200], JSON.stringify([a.body, b.body]));
  assert.equal(a.body.number, b.body.number);
  const retry = await refundOrder(body);
  assert.deepEqual([retry.status, retry.body.number], [200, a.body.number]);
  assert.deepEqual((await checkoutSession(bought.sessionId)).refunds, []);
  const state = await orderState(bought.orderId);
  assert.equal(state.payment_status, 'refunded');
  assert.deepEqual(state.credit_notes.map((n) => [n.refund_id, n.source]), [[`offline:${request_id}`, 'offline']]);
});

Deno.test('a refund made at the service directly is picked up by the reconciliation, once', async () => {
  const bought = await boughtOrder();
  const refund = await refundAtTheService(bought.sessionId, [other], 'Geste commercial');
  const first = await reconcileAll();
  assert.equal(first.status, 200, JSON.stringify(first.body));
  assert.ok(first.body.refunds >= 1, JSON.stringify(first.body));
  const state = await orderState(bought.orderId);
  assert.equal(state.payment_status, 'partially_refunded');
  assert.deepEqual(state.credit_notes.map((n) => [n.refund_id, n.source, n.reason]), [[refund.id, 'commerce', 'Geste commercial']]);
  assert.equal((await link(bought, other)).status, 410);
  await reconcileAll();
  assert.equal((await orderState(bought.orderId)).credit_notes.length, 1, 'the next run records nothing more');
});

Deno.test('a dispute suspends access; won, it is restored; lost, it is revoked with a credit note', async () => {
  const won = await boughtOrder();
  const lost = await boughtOrder();
  await setCommerceDispute(won.sessionId, 'open');
  await setCommerceDispute(lost.sessionId, 'open');
  const opened = await reconcileAll();
  assert.ok(opened.body.disputes >= 2, JSON.stringify(opened.body));
  for (const bought of [won, lost]) {
    assert.equal((await orderState(bought.orderId)).payment_status, 'disputed');
    const suspended = await link(bought, other);
    assert.equal(suspended.status, 423);
    assert.deepEqual([suspended.body.error.code, suspended.body.error.detail], ['access_suspended', 'Accès suspendu : un litige est en cours.']);
  }
  const refused = await refundOrder({ order_id: won.orderId });
  assert.equal(refused.status, 409, 'a disputed order is not refunded from the shop');

  await setCommerceDispute(won.sessionId, 'won');
  await setCommerceDispute(lost.sessionId, 'lost');
  await reconcileAll();
  assert.equal((await orderState(won.orderId)).payment_status, 'paid');
  assert.equal((await link(won, other)).status, 200, 'a won dispute restores access');
  const state = await orderState(lost.orderId);
  assert.equal(state.payment_status, 'refunded');
  assert.deepEqual(state.credit_notes.map((n) => n.source), ['dispute']);
  assert.equal((await link(lost, other)).status, 410, 'a lost dispute revokes access');
});

async function creditNotePdf(creditNoteId: string, token: string): Promise<{ status: number; disposition: string | null; pdf: Uint8Array }> {
  const response = await fetch(`${env.supabaseUrl}/functions/v1/invoice-pdf`, {
    method: 'POST',
    headers: { apikey: env.anonKey, Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ credit_note_id: creditNoteId }),
  });
  return { status: response.status, disposition: response.headers.get('Content-Disposition'), pdf: new Uint8Array(await response.arrayBuffer()) };
}

Deno.test('the avoir is a PDF beside the invoice: its number, the invoice it corrects, the refunded line; for its buyer and administrators only', async () => {
  await withSellerSettings(franchiseSeller, async () => {
    const bought = await boughtOrder();
    const refunded = await refundOrder({ order_id: bought.orderId, order_item_ids: [bought.line[other]], reason: 'Fichier illisible' });
    assert.equal(refunded.status, 200, JSON.stringify(refunded.body));
    const { data: order } = await service.from('orders').select('invoice_number').eq('id', bought.orderId).single();

    const mine = await creditNotePdf(refunded.body.credit_note_id, bought.buyer.token);
    assert.equal(mine.status, 200);
    assert.equal(mine.disposition, `attachment; filename="Avoir ${refunded.body.number}.pdf"`);
    const text = (await pageTexts(mine.pdf)).join('\n');
    for (const expected of ['AVOIR', refunded.body.number, 'Facture corrigée', `Avoir sur la facture ${order!.invoice_number} du `, 'Motif : Fichier illisible', 'TVA non applicable, art. 293 B du CGI']) {
      assert.ok(text.includes(expected), `the avoir says « ${expected} »:\n${text}`);
    }
    const { data: lineTitle } = await service.from('order_items').select('product_title').eq('id', bought.line[other]!).single();
    assert.ok(text.includes(lineTitle!.product_title), 'it lists the refunded line');
    assert.deepEqual((await creditNotePdf(refunded.body.credit_note_id, bought.buyer.token)).pdf, mine.pdf, 'the same bytes on every call');
    assert.equal((await creditNotePdf(refunded.body.credit_note_id, admin.token)).status, 200, 'an administrator gets it too');
    const stranger = await signUpCustomer('stranger');
    assert.equal((await creditNotePdf(refunded.body.credit_note_id, stranger.token)).status, 404, 'another customer does not');
    assert.equal((await creditNotePdf(crypto.randomUUID(), bought.buyer.token)).status, 404);
  });
});

Deno.test('the buyer is mailed each avoir once; a failed send is sent by the next send-confirmations run', async () => {
  const bought = await boughtOrder();
  const avoirMails = async () => (await mailsTo(bought.buyer.email)).filter((mail) => mail.subject.startsWith('Votre remboursement'));
  const request_id = crypto.randomUUID();
  const first = await refundOrder({ order_id: bought.orderId, order_item_ids: [bought.line[pdf]], request_id });
  await refundOrder({ order_id: bought.orderId, order_item_ids: [bought.line[pdf]], request_id });
  const mails = await avoirMails();
  assert.deepEqual(mails.map((mail) => mail.subject), [`Votre remboursement : avoir ${first.body.number}`], 'one mail, however many calls');
  const { text } = await readMail(mails[0]!.id);
  assert.ok(text.includes('Motif : Achat en double') && text.includes('bouton « Avoir »'), text);

  await failSendsTo(bought.buyer.email, 503);
  let second;
  try {
    second = await refundOrder({ order_id: bought.orderId, offline: true, reason: 'Remboursé par virement' });
  } finally {
    await failSendsTo(bought.buyer.email, null);
  }
  assert.equal(second.status, 200, 'the refund stands when its mail fails');
  assert.equal((await avoirMails()).length, 1);
  const run = await callFunction('send-confirmations', {}, Deno.env.get('SEND_CONFIRMATIONS_SECRET') ?? '');
  assert.equal(run.status, 200, JSON.stringify(run.body));
  assert.deepEqual((await avoirMails()).map((mail) => mail.subject).sort(), [first.body.number, second.body.number].map((n) => `Votre remboursement : avoir ${n}`).sort());
});

// refund-order and the reconciliation's pick-up, against the local stack and the Hostinger double:
// « Rembourser » on a Hostinger order says where to refund (hPanel has the only refund); a refund
// made there, of lines, of an amount, or by canceling the order, is picked up by the reconciliation
// once, and the buyer loses the refunded line's access (its stamped copy removed) and keeps the
// other; a refund made elsewhere is recorded as « hors ligne ». The paths only a provider with a
// refund API and disputes takes (none of the real ones the shop has yet) run in process through
// the provider interface, with a test double of it: an administrator's refund recorded once only
// the provider confirms, whatever double clicks and retries; a dispute suspending access, then
// restoring it (won) or revoking it (lost). The credit note is a PDF (invoice-pdf) naming itself
// and the invoice it corrects, mailed to the buyer once.
import assert from 'node:assert/strict';
import type { CommerceProvider, ProviderDispute, ProviderRefund, RefundRequest } from '../_shared/commerce-provider.ts';
import { refundOrder as refundInProcess } from '../refund-order/refund.ts';
import { pickUpRefundsAndDisputes } from '../reconcile-checkouts/refunds.ts';
import { paidCheckout, recordOrder } from './checkouts.ts';
import { cancelInHpanel, refundInHpanel } from '../../../scripts/commerce-sandbox/hpanel-controls.ts';
import { catalogue, hostingerOrdersOf } from './commerce_sandbox.ts';
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
  /** Hostinger's order: the payment. */
  paymentId: string;
  orderId: string;
  /** Order item ids by variant. */
  line: Record<string, string>;
}

async function boughtOrder(): Promise<Bought> {
  const buyer = await signUpCustomer();
  const checkoutId = await paidCheckout(buyer, twoLines);
  const recorded = await recordOrder(checkoutId, buyer);
  assert.equal(recorded.status, 200, JSON.stringify(recorded.body));
  const { data, error } = await service.from('order_items').select('id, variant_id').eq('order_id', recorded.body.order_id);
  if (error) throw new Error(error.message);
  const [payment] = await hostingerOrdersOf(buyer.email);
  return { buyer, paymentId: payment!.id, orderId: recorded.body.order_id, line: Object.fromEntries(data.map((i) => [i.variant_id, i.id])) };
}

/**
 * A provider whose API refunds and whose payments can be disputed, as the interface allows and no
 * real provider of the shop does yet: refunds by line, the same key answered the same refund, a
 * line refunded once; the disputes it is told to report.
 */
function refundingProvider(disputes: ProviderDispute[] = []) {
  const byKey = new Map<string, ProviderRefund>();
  const refundedLines = new Set<string>();
  const asked: RefundRequest[] = [];
  const unused = () => Promise.reject(new Error('not asked of this double'));
  const provider: CommerceProvider = {
    name: 'test-double',
    dashboardUrl: 'https://dashboard.test/',
    openCheckout: unused,
    findPayments: unused,
    paymentsSince: unused,
    payment: unused,
    checkoutsSettledLater: unused,
    changesSince: () => Promise.resolve({ refunds: [], disputes }),
    refund: (paymentId, request) => {
      asked.push(request);
      const earlier = byKey.get(request.idempotencyKey);
      if (earlier) return Promise.resolve(earlier);
      if (request.lines.some((line) => refundedLines.has(`${paymentId}:${line.variant_id}`))) return Promise.resolve(null);
      const refund = { id: `re_${crypto.randomUUID()}`, lines: request.lines };
      for (const line of request.lines) refundedLines.add(`${paymentId}:${line.variant_id}`);
      byKey.set(request.idempotencyKey, refund);
      return Promise.resolve(refund);
    },
  };
  return { provider, asked, refunds: () => [...new Set(byKey.values())] };
}

const refundBody = (body: Record<string, unknown>) => ({ reason: 'Achat en double', request_id: crypto.randomUUID(), offline: false, ...body }) as Parameters<typeof refundInProcess>[2];

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
});

Deno.test('« Rembourser » on a Hostinger order says, in French, to refund in hPanel, and records nothing', async () => {
  const bought = await boughtOrder();
  const answer = await refundOrder({ order_id: bought.orderId, order_item_ids: [bought.line[pdf]] });
  assert.equal(answer.status, 409, JSON.stringify(answer.body));
  assert.equal(answer.body.error.code, 'refund_at_provider');
  assert.equal(answer.body.error.message, 'Remboursement à faire dans hPanel');
  assert.match(answer.body.error.detail, /^Ce paiement se rembourse dans hPanel, .*https:\/\/hpanel\.hostinger\.com\/.*dans la minute qui suit\.$/);
  const state = await orderState(bought.orderId);
  assert.deepEqual([state.payment_status, state.credit_notes], ['paid', []]);
  assert.equal((await hostingerOrdersOf(bought.buyer.email))[0]!.payment_status, 'captured', 'Hostinger was asked nothing');
  assert.equal((await link(bought, pdf)).status, 200);
});

Deno.test('one line refunded: the buyer loses it (stamped copy removed) and keeps the other; double clicks and retries refund once', async () => {
  const bought = await boughtOrder();
  assert.equal((await link(bought, pdf)).status, 200, 'before: the PDF opens (its stamped copy made)');
  const { data: stamped } = await service.from('order_items').select('stamped_path').eq('id', bought.line[pdf]).single();
  assert.ok(stamped!.stamped_path);

  const double = refundingProvider();
  const request_id = crypto.randomUUID();
  const click = () => refundInProcess(service, double.provider, refundBody({ order_id: bought.orderId, order_item_ids: [bought.line[pdf]], request_id }), admin.user.id);
  const clicks = await Promise.all([click(), click(), click()]);
  assert.equal(new Set(clicks.map((c) => c.number)).size, 1, 'every click answers the same credit note');
  assert.match(clicks[0]!.number, /^AV-\d{4}-\d{6}$/);
  const retry = await click();
  assert.deepEqual([retry.number, retry.repeated], [clicks[0]!.number, true]);

  assert.equal(double.refunds().length, 1, 'the provider refunded once');
  assert.ok(double.asked.every((request) => request.idempotencyKey === request_id), 'always under the request\'s key');
  assert.deepEqual(double.asked[0]!.lines, [{ variant_id: pdf, amount_cents: await linePrice(bought.line[pdf]) }]);
  const state = await orderState(bought.orderId);
  assert.equal(state.payment_status, 'partially_refunded');
  assert.equal(state.credit_notes.length, 1);
  assert.deepEqual({ ...state.credit_notes[0], number: undefined }, { number: undefined, refund_id: double.refunds()[0]!.id, source: 'commerce', reason: 'Achat en double', amount_cents: await linePrice(bought.line[pdf]) });

  const refused = await link(bought, pdf);
  assert.equal(refused.status, 410);
  assert.equal(refused.body.error.code, 'refunded');
  assert.match(refused.body.error.detail, /^Ce contenu a été remboursé le \d{2}\/\d{2}\/\d{4}\.$/);
  assert.equal((await link(bought, other)).status, 200, 'the other line still opens');
  const { error: gone } = await service.storage.from('deliverables').download(stamped!.stamped_path);
  assert.ok(gone, 'the stamped copy is removed');

  await assert.rejects(
    refundInProcess(service, double.provider, refundBody({ order_id: bought.orderId, order_item_ids: [bought.line[pdf]] }), admin.user.id),
    (error: { status?: number; code?: string }) => error.status === 409 && error.code === 'refund_refused',
    'a new request for a refunded line is refused by the provider',
  );
  assert.equal((await orderState(bought.orderId)).credit_notes.length, 1);

  const rest = await refundInProcess(service, double.provider, refundBody({ order_id: bought.orderId }), admin.user.id);
  assert.notEqual(rest.number, clicks[0]!.number);
  const after = await orderState(bought.orderId);
  assert.equal(after.payment_status, 'refunded');
  assert.equal(after.refunded_amount_cents, (await linePrice(bought.line[pdf])) + (await linePrice(bought.line[other])));
});

Deno.test('a refund made elsewhere is recorded « hors ligne », once, without asking the provider', async () => {
  const bought = await boughtOrder();
  const request_id = crypto.randomUUID();
  const body = { order_id: bought.orderId, offline: true, reason: 'Remboursé par virement', request_id };
  const [a, b] = await Promise.all([refundOrder(body), refundOrder(body)]);
  assert.deepEqual([a.status, b.status], [200, 200], JSON.stringify([a.body, b.body]));
  assert.equal(a.body.number, b.body.number);
  const retry = await refundOrder(body);
  assert.deepEqual([retry.status, retry.body.number], [200, a.body.number]);
  assert.equal((await hostingerOrdersOf(bought.buyer.email))[0]!.payment_status, 'captured', 'Hostinger was asked nothing');
  const state = await orderState(bought.orderId);
  assert.equal(state.payment_status, 'refunded');
  assert.deepEqual(state.credit_notes.map((n) => [n.refund_id, n.source]), [[`offline:${request_id}`, 'offline']]);
});

Deno.test('a refund of a line made in hPanel is picked up by the reconciliation, once, and revokes that line', async () => {
  const bought = await boughtOrder();
  await refundInHpanel(env.commerceUrl, bought.paymentId, { items: [{ variant_id: other, quantity: 1 }] });
  const first = await reconcileAll();
  assert.equal(first.status, 200, JSON.stringify(first.body));
  assert.ok(first.body.refunds >= 1, JSON.stringify(first.body));
  const price = await linePrice(bought.line[other]);
  const state = await orderState(bought.orderId);
  assert.equal(state.payment_status, 'partially_refunded');
  assert.deepEqual(state.credit_notes.map((n) => [n.refund_id, n.source, n.reason, n.amount_cents]), [
    [`hostinger:${bought.paymentId}:${price}`, 'commerce', 'Remboursement effectué auprès du service de paiement', price],
  ]);
  assert.equal((await link(bought, other)).status, 410);
  assert.equal((await link(bought, pdf)).status, 200, 'the other line still opens');
  await reconcileAll();
  assert.equal((await orderState(bought.orderId)).credit_notes.length, 1, 'the next run records nothing more');
});

Deno.test('an amount refunded in hPanel, then the order canceled there: one credit note each, all given back in the end', async () => {
  const bought = await boughtOrder();
  const total = (await linePrice(bought.line[pdf])) + (await linePrice(bought.line[other]));
  await refundInHpanel(env.commerceUrl, bought.paymentId, { amount: 500 });
  await reconcileAll();
  let state = await orderState(bought.orderId);
  assert.deepEqual(state.credit_notes.map((n) => [n.refund_id, n.amount_cents]), [[`hostinger:${bought.paymentId}:500`, 500]]);
  assert.equal(state.payment_status, 'partially_refunded');
  assert.equal((await link(bought, pdf)).status, 410, 'a bare amount goes on the first line, which is refunded, as any line given money back is');
  assert.equal((await link(bought, other)).status, 200, 'the other line still opens');

  await cancelInHpanel(env.commerceUrl, bought.paymentId);
  await reconcileAll();
  state = await orderState(bought.orderId);
  assert.deepEqual(state.credit_notes.map((n) => [n.refund_id, n.amount_cents]).sort(), [[`hostinger:${bought.paymentId}:500`, 500], [`hostinger:${bought.paymentId}:${total}`, total - 500]].sort());
  assert.equal(state.payment_status, 'refunded');
  assert.equal(state.refunded_amount_cents, total);
  assert.equal((await link(bought, pdf)).status, 410);
  assert.equal((await link(bought, other)).status, 410);
  await reconcileAll();
  assert.equal((await orderState(bought.orderId)).credit_notes.length, 2, 'the next run reads it no more and records nothing');
});

Deno.test('a dispute suspends access; won, it is restored; lost, it is revoked with a credit note', async () => {
  const won = await boughtOrder();
  const lost = await boughtOrder();
  const dispute = (bought: Bought, id: string, status: ProviderDispute['status']) => ({ id, paymentId: bought.paymentId, status });
  const opened = await pickUpRefundsAndDisputes(service, refundingProvider([dispute(won, 'dp_won', 'open'), dispute(lost, 'dp_lost', 'open')]).provider);
  assert.equal(opened.disputes, 2);
  for (const bought of [won, lost]) {
    assert.equal((await orderState(bought.orderId)).payment_status, 'disputed');
    const suspended = await link(bought, other);
    assert.equal(suspended.status, 423);
    assert.deepEqual([suspended.body.error.code, suspended.body.error.detail], ['access_suspended', 'Accès suspendu : un litige est en cours.']);
  }
  const refused = await refundOrder({ order_id: won.orderId, offline: true });
  assert.equal(refused.status, 409, 'a disputed order is not refunded from the shop');
  assert.equal(refused.body.error.code, 'disputed');

  const closed = refundingProvider([dispute(won, 'dp_won', 'won'), dispute(lost, 'dp_lost', 'lost')]).provider;
  assert.equal((await pickUpRefundsAndDisputes(service, closed)).disputes, 2);
  assert.equal((await pickUpRefundsAndDisputes(service, closed)).disputes, 0, 'told again, nothing changes');
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
    const refunded = await refundOrder({ order_id: bought.orderId, order_item_ids: [bought.line[other]], reason: 'Fichier illisible', offline: true });
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
  const first = await refundOrder({ order_id: bought.orderId, order_item_ids: [bought.line[pdf]], request_id, offline: true });
  await refundOrder({ order_id: bought.orderId, order_item_ids: [bought.line[pdf]], request_id, offline: true });
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

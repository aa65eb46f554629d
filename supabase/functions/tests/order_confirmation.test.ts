// Invoice numbers and confirmation e-mails as record-order and reconcile-checkouts give them:
// 20 buyers recording at once get 20 consecutive numbers and one confirmation each in the mail
// sandbox; replaying every call gives no new number and no new mail; an order the reconciliation
// records is mailed by the scheduled send-confirmations, once.
import assert from 'node:assert/strict';
import { effectivePrice } from './commerce_sandbox.ts';
import { cart, cartTotal, paidCheckout, recordOrder } from './checkouts.ts';
import { callFunction, type Customer, env, service, signUpCustomer } from './helpers.ts';
import { mailsTo, readMail } from './mail_outbox.ts';

async function invoiceNumbers(orderIds: string[]): Promise<string[]> {
  const { data, error } = await service.from('orders').select('invoice_number').in('id', orderIds);
  if (error) throw new Error(error.message);
  return data.map((row) => row.invoice_number).sort();
}

const serial = (number: string) => Number(number.split('-')[2]);
const euros = (cents: number) => `${new Intl.NumberFormat('fr-FR', { minimumFractionDigits: 2 }).format(cents / 100).replace(/\s/g, '\u00a0')}\u00a0€`;

Deno.test('20 buyers recording at once get 20 consecutive invoice numbers and one confirmation each; replays add nothing', async () => {
  const buyers: Customer[] = await Promise.all(Array.from({ length: 20 }, (_, i) => signUpCustomer(`concurrent-${i}`)));
  const sessions: string[] = [];
  for (const buyer of buyers) sessions.push(await paidCheckout(buyer));

  const answers = await Promise.all(buyers.map((buyer, i) => recordOrder(sessions[i]!, buyer)));
  assert.deepEqual(answers.map((a) => a.status), Array(20).fill(200), JSON.stringify(answers.find((a) => a.status !== 200)?.body));
  const orderIds = answers.map((a) => a.body.order_id as string);
  const numbers = await invoiceNumbers(orderIds);
  const year = new Intl.DateTimeFormat('fr-FR', { year: 'numeric', timeZone: 'Europe/Paris' }).format(new Date());
  assert.ok(numbers.every((n) => n.startsWith(`FA-${year}-`)), numbers.join(' '));
  assert.deepEqual(numbers.map(serial), Array.from({ length: 20 }, (_, i) => serial(numbers[0]!) + i), `consecutive: ${numbers.join(' ')}`);
  for (const buyer of buyers) assert.equal((await mailsTo(buyer.email)).length, 1, `one confirmation to ${buyer.email}`);
  const { count } = await service.from('orders').select('id', { count: 'exact', head: true }).in('id', orderIds).not('confirmation_sent_at', 'is', null);
  assert.equal(count, 20, 'each order is marked confirmed');

  const replays = await Promise.all(buyers.flatMap((buyer, i) => [recordOrder(sessions[i]!, buyer), recordOrder(sessions[i]!, buyer)]));
  assert.deepEqual(replays.map((a) => a.body.order_id), buyers.flatMap((_, i) => [orderIds[i], orderIds[i]]), 'replays answer the same orders');
  assert.deepEqual(await invoiceNumbers(orderIds), numbers, 'and keep their numbers');
  const { data: counter } = await service.from('orders').select('invoice_number').order('invoice_number', { ascending: false }).limit(1).single();
  assert.equal(counter!.invoice_number, numbers.at(-1), 'no number was taken by a replay');
  for (const buyer of buyers) assert.equal((await mailsTo(buyer.email)).length, 1, `still one confirmation to ${buyer.email}`);
});

Deno.test('the confirmation says the order number, invoice number, lines and total in French, with links to the library and the invoice', async () => {
  const buyer = await signUpCustomer('confirmation');
  const answer = await recordOrder(await paidCheckout(buyer), buyer);
  const { data: order } = await service.from('orders').select('id, invoice_number').eq('id', answer.body.order_id).single();
  const [listed] = await mailsTo(buyer.email);
  assert.ok(listed, 'the buyer has a mail');
  const reference = order!.id.slice(0, 8).toUpperCase();
  const mail = await readMail(listed.id);
  assert.equal(mail.subject, `Votre commande n° ${reference} est confirmée`);
  assert.match(mail.text, /^Bonjour Test confirmation,/);
  assert.ok(mail.text.includes(`Commande n° ${reference} du `), mail.text);
  assert.ok(mail.text.includes(`facture ${order!.invoice_number}`));
  for (const { entry, quantity } of cart) {
    assert.ok(mail.text.includes(`- ${entry.productTitle} (${entry.variantTitle}) × ${quantity} : ${euros(effectivePrice(entry) * quantity)}`), mail.text);
  }
  assert.ok(mail.text.includes(`Total : ${euros(cartTotal)}`));
  assert.ok(mail.text.includes(`${env.siteUrl}/dashboard/library`));
  assert.ok(mail.text.includes(`${env.siteUrl}/dashboard/orders`));
  assert.ok(mail.html.includes(`href="${env.siteUrl}/dashboard/library"`));
});

Deno.test('the confirmation restates the consent given at checkout and links the CGV version accepted', async () => {
  const buyer = await signUpCustomer('consent');
  const answer = await recordOrder(await paidCheckout(buyer), buyer);
  const { data: order } = await service.from('orders').select('cgv_version, consent_text').eq('id', answer.body.order_id).single();
  const [listed] = await mailsTo(buyer.email);
  const mail = await readMail(listed!.id);
  assert.match(mail.text, /Votre consentement, donné le \d{2}\/\d{2}\/\d{4} à \d{2}:\d{2} \(heure de Paris\) avant le paiement :/);
  for (const sentence of order!.consent_text.split('\n')) assert.ok(mail.text.includes(`« ${sentence} »`), mail.text);
  assert.ok(mail.text.includes("« Je demande l'accès immédiat à mes contenus numériques et je reconnais perdre mon droit de rétractation dès leur mise à disposition. »"), mail.text);
  const cgv = `${env.siteUrl}/cgv?version=${order!.cgv_version}`;
  assert.ok(mail.text.includes(`Conditions générales de vente acceptées (version ${order!.cgv_version}) : ${cgv}`), mail.text);
  assert.ok(mail.html.includes(`href="${cgv}"`), 'the HTML part links the accepted version');
});

const sendConfirmations = (token = Deno.env.get('SEND_CONFIRMATIONS_SECRET') ?? '') => callFunction('send-confirmations', {}, token);

Deno.test('an order recorded by the reconciliation is confirmed by send-confirmations, once, and not again when the buyer comes back', async () => {
  const buyer = await signUpCustomer('reconciled');
  const checkoutId = await paidCheckout(buyer);
  const reconciled = await callFunction('reconcile-checkouts', { scope: 'mine' }, buyer.token);
  assert.equal(reconciled.status, 200, JSON.stringify(reconciled.body));
  assert.equal(reconciled.body.recorded, 1);
  const { data: order } = await service.from('orders').select('id, confirmation_sent_at').eq('checkout_session_id', checkoutId).single();
  // The schedule may have sent it already (it runs every minute); otherwise this call does.
  const sent = await sendConfirmations();
  assert.equal(sent.status, 200, JSON.stringify(sent.body));
  assert.equal((await mailsTo(buyer.email)).length, 1, `one confirmation (marked before: ${order!.confirmation_sent_at})`);
  assert.equal((await recordOrder(checkoutId, buyer)).status, 200);
  assert.equal((await sendConfirmations()).status, 200);
  assert.equal((await mailsTo(buyer.email)).length, 1, 'still one mail');
});

Deno.test('send-confirmations is the schedule\'s: a customer, the anon key and the service-role key are refused', async () => {
  const customer = await signUpCustomer('not-the-schedule');
  for (const token of [customer.token, env.anonKey, env.serviceRoleKey]) {
    const answer = await sendConfirmations(token);
    assert.equal(answer.status, 403, JSON.stringify(answer.body));
    assert.equal(answer.body.error.code, 'scheduled_job_only');
  }
});

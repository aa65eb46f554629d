// invoice-pdf against the local stack: the buyer (and an administrator) download the order's
// invoice, whose text (poppler's pdftotext) holds every mention the law asks and the right
// amounts in French formats, identical on every call (even after the seller's settings change);
// another customer and anon are refused, an erased buyer's order keeps its invoice for the
// administrator, and nobody gets one while the seller's identity is incomplete.
import assert from 'node:assert/strict';
import { effectivePrice } from './commerce_sandbox.ts';
import { cart, paidCheckout, recordOrder } from './checkouts.ts';
import { env, type Customer, service, signUpCustomer } from './helpers.ts';
import { layoutLines } from './pdf_text.ts';
import { franchiseSeller, vatSeller, withSellerSettings } from './seller_settings.ts';

async function downloadInvoice(orderId: unknown, token: string): Promise<{ status: number; headers: Headers; pdf: Uint8Array; body: any }> {
  const response = await fetch(`${env.supabaseUrl}/functions/v1/invoice-pdf`, {
    method: 'POST',
    headers: { apikey: env.anonKey, Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ order_id: orderId }),
  });
  const bytes = new Uint8Array(await response.arrayBuffer());
  const isPdf = response.headers.get('Content-Type') === 'application/pdf';
  return { status: response.status, headers: response.headers, pdf: bytes, body: isPdf ? null : JSON.parse(new TextDecoder().decode(bytes)) };
}

async function recordedOrder(buyer: Customer): Promise<{ id: string; invoice_number: string; created_at: string }> {
  const answer = await recordOrder(await paidCheckout(buyer), buyer);
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
  const { data, error } = await service.from('orders').select('id, invoice_number, created_at').eq('id', answer.body.order_id).single();
  assert.equal(error, null);
  return data!;
}

const euros = (cents: number) => `${new Intl.NumberFormat('fr-FR', { minimumFractionDigits: 2 }).format(cents / 100).replace(/\s/g, ' ')} €`;
const parisDate = (iso: string) => new Intl.DateTimeFormat('fr-FR', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'Europe/Paris' }).format(new Date(iso));

Deno.test('the buyer downloads an invoice with every mention, the right amounts, the same bytes on every call', async () => {
  await withSellerSettings(franchiseSeller, async () => {
    const buyer = await signUpCustomer('invoice');
    const order = await recordedOrder(buyer);
    const first = await downloadInvoice(order.id, buyer.token);
    assert.equal(first.status, 200, JSON.stringify(first.body));
    assert.equal(first.headers.get('Content-Type'), 'application/pdf');
    assert.equal(first.headers.get('Content-Disposition'), `attachment; filename="Facture ${order.invoice_number}.pdf"`);
    assert.match(order.invoice_number, /^FA-\d{4}-\d{6}$/);

    const lines = await layoutLines(first.pdf);
    const text = lines.join('\n');
    const expected = [
      'FACTURE',
      `N° de facture : ${order.invoice_number}`,
      `Date de facture : ${parisDate(order.created_at)}`,
      `Date de paiement : ${parisDate(order.created_at)}`,
      `Commande : n° ${order.id.slice(0, 8).toUpperCase()}`,
      franchiseSeller.legal_name,
      franchiseSeller.legal_form,
      '3 place du Contrôle',
      '69002 Lyon',
      `SIRET : ${franchiseSeller.siret}`,
      'TVA non applicable, art. 293 B du CGI',
      franchiseSeller.contact_email,
      'FACTURÉ À',
      'Test invoice',
      buyer.email,
    ];
    for (const mention of expected) assert.ok(text.includes(mention), `the invoice says « ${mention} »:\n${text}`);
    for (const { entry, quantity } of cart) {
      const unit = effectivePrice(entry);
      const row = `${entry.productTitle} ${quantity} ${euros(unit)} ${euros(unit * quantity)}`;
      assert.ok(lines.includes(row), `the row « ${row} »:\n${text}`);
    }
    const total = cart.reduce((sum, { entry, quantity }) => sum + effectivePrice(entry) * quantity, 0);
    assert.ok(lines.includes(`Total ${euros(total)}`), `the total ${euros(total)}`);
    assert.ok(!text.includes('Total HT'), 'no VAT breakdown under the franchise');
    const { data: consent } = await service.from('orders').select('cgv_version').eq('id', order.id).single();
    for (const mention of [
      'Votre consentement, donné le ',
      "« Je demande l'accès immédiat à mes contenus numériques",
      `Conditions générales de vente acceptées (version ${consent!.cgv_version}) : ${env.siteUrl}/cgv?version=${consent!.cgv_version}`,
    ]) assert.ok(text.includes(mention), `the invoice restates the consent: « ${mention} »:\n${text}`);

    const again = await downloadInvoice(order.id, buyer.token);
    assert.deepEqual(again.pdf, first.pdf, 'the same order yields the same invoice, byte for byte');
    await withSellerSettings({ ...franchiseSeller, legal_name: 'Association Renommée Depuis' }, async () => {
      assert.deepEqual((await downloadInvoice(order.id, buyer.token)).pdf, first.pdf, 'an issued invoice keeps the seller it was issued with');
    });
  });
});

Deno.test('under the VAT regime the invoice breaks the total down (20 % included in the prices)', async () => {
  await withSellerSettings(vatSeller, async () => {
    const buyer = await signUpCustomer('invoice-vat');
    const order = await recordedOrder(buyer);
    const { status, pdf } = await downloadInvoice(order.id, buyer.token);
    assert.equal(status, 200);
    const lines = await layoutLines(pdf);
    const text = lines.join('\n');
    const total = cart.reduce((sum, { entry, quantity }) => sum + effectivePrice(entry) * quantity, 0);
    const net = Math.round((total * 10_000) / 12_000);
    assert.ok(text.includes('N° TVA intracommunautaire : FR40123456789'), text);
    assert.ok(lines.includes(`Total HT ${euros(net)}`), `Total HT ${euros(net)}\n${text}`);
    assert.ok(lines.includes(`TVA 20 % ${euros(total - net)}`), `TVA 20 % ${euros(total - net)}`);
    assert.ok(lines.includes(`Total TTC ${euros(total)}`), `Total TTC ${euros(total)}`);
    assert.ok(!text.includes('art. 293 B'), 'no franchise mention under the VAT regime');
  });
});

Deno.test('another customer, anon and a made-up order get no invoice; an administrator gets the buyer’s', async () => {
  await withSellerSettings(franchiseSeller, async () => {
    const buyer = await signUpCustomer('invoice-owner');
    const order = await recordedOrder(buyer);
    const intruder = await signUpCustomer('invoice-intruder');
    const refused = await downloadInvoice(order.id, intruder.token);
    assert.equal(refused.status, 404);
    assert.deepEqual(refused.body.error.code, 'invoice_not_found');
    assert.equal(refused.body.error.message, 'Facture introuvable');
    assert.equal((await downloadInvoice(crypto.randomUUID(), buyer.token)).status, 404);
    assert.equal((await downloadInvoice(order.id, env.anonKey)).status, 401);
    assert.equal((await downloadInvoice('not-a-uuid', buyer.token)).status, 400);

    const admin = await signUpCustomer('invoice-admin');
    const setRole = (role: string) => service.from('profiles').update({ role }).eq('id', admin.user.id);
    assert.equal((await setRole('admin')).error, null);
    try {
      const asAdmin = await downloadInvoice(order.id, admin.token);
      assert.equal(asAdmin.status, 200);
      assert.deepEqual(asAdmin.pdf, (await downloadInvoice(order.id, buyer.token)).pdf, 'the administrator sees the buyer’s own invoice');
    } finally {
      // Later journeys count the administrators (the demo one must be the last).
      await setRole('customer');
    }
  });
});

Deno.test('once the buyer erased their account, an administrator still gets the invoice, naming them without their e-mail', async () => {
  await withSellerSettings(franchiseSeller, async () => {
    const buyer = await signUpCustomer('invoice-erased');
    const order = await recordedOrder(buyer);
    const erased = await service.rpc('erase_account', { p_user_id: buyer.user.id });
    assert.equal(erased.error, null);

    const admin = await signUpCustomer('invoice-admin');
    const setRole = (role: string) => service.from('profiles').update({ role }).eq('id', admin.user.id);
    assert.equal((await setRole('admin')).error, null);
    try {
      const asAdmin = await downloadInvoice(order.id, admin.token);
      assert.equal(asAdmin.status, 200, JSON.stringify(asAdmin.body));
      const text = (await layoutLines(asAdmin.pdf)).join('\n');
      for (const mention of ['FACTURÉ À', 'Test invoice-erased', `N° de facture : ${order.invoice_number}`]) {
        assert.ok(text.includes(mention), `the invoice says « ${mention} »:\n${text}`);
      }
      assert.ok(!text.includes(buyer.email), 'and not the erased e-mail');
    } finally {
      await setRole('customer');
    }
  });
});

Deno.test('while a required mention is missing, the invoice is refused and the refusal names it', async () => {
  await withSellerSettings(franchiseSeller, async () => {
    const buyer = await signUpCustomer('invoice-incomplete');
    const order = await recordedOrder(buyer);
    await withSellerSettings({ ...franchiseSeller, siret: null, contact_email: null }, async () => {
      const refused = await downloadInvoice(order.id, buyer.token);
      assert.equal(refused.status, 409);
      assert.equal(refused.body.error.code, 'seller_settings_incomplete');
      assert.equal(refused.body.error.message, 'Facture indisponible');
      assert.match(refused.body.error.detail, /à renseigner : SIRET ou SIREN, e-mail de contact\)/);
      assert.match(refused.body.error.detail, /Paramètres/);
    });
    await withSellerSettings({ ...vatSeller, vat_number: null }, async () => {
      const refused = await downloadInvoice(order.id, buyer.token);
      assert.equal(refused.status, 409);
      assert.match(refused.body.error.detail, /numéro de TVA intracommunautaire/);
    });
    assert.equal((await downloadInvoice(order.id, buyer.token)).status, 200, 'once complete, the invoice is issued');
  });
});

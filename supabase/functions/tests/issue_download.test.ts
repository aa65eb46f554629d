// issue-download against the local stack and its Storage: a buyer gets a short-lived link to
// their stamped copy of a PDF (never the original) or to an audio file as it is; others are
// refused in spec §8's French; the day's limit answers 429. Each test uploads its own originals
// under products/tests/ with the service role and records the paid order it needs: with the
// service role where only delivery is at stake, through the real purchase once.
import assert from 'node:assert/strict';
import { paidCheckout, recordOrder } from './checkouts.ts';
import { catalogue } from './commerce_sandbox.ts';
import { callFunction, type Customer, env, service, signUpCustomer } from './helpers.ts';
import { makePdf } from './pdf_fixtures.ts';
import { pageTexts } from './pdf_text.ts';

const bucket = service.storage.from('deliverables');
const unavailable = { code: 'file_unavailable', message: 'Fichier non disponible', detail: 'Le lien de téléchargement est manquant.' };

async function uploadOriginal(name: string, bytes: Uint8Array, contentType: string): Promise<string> {
  const path = `products/tests/${crypto.randomUUID()}-${name}`;
  const { error } = await bucket.upload(path, bytes, { contentType });
  if (error) throw new Error(`uploading ${path}: ${error.message}`);
  return path;
}

interface Sold {
  orderId: string;
  itemId: string;
}

/** A completed order of `buyer` with one item delivering `filePath`, as record-order writes it. */
async function soldItem(buyer: Customer, file: { path: string; type: 'pdf' | 'audio' }, titles = { product: "L'Éveil du Cœur", variant: 'PDF' }, variantId = 'var_test'): Promise<Sold> {
  const { data: order, error } = await service
    .from('orders')
    .insert({ user_id: buyer.user.id, total_amount_cents: 2900, currency: 'eur', status: 'completed', checkout_session_id: `cs_test_${crypto.randomUUID()}`, cgv_version: 1, consent_text: 'Consentement de test', consented_at: new Date().toISOString() })
    .select('id')
    .single();
  if (error) throw new Error(`order: ${error.message}`);
  const { data: item, error: itemError } = await service
    .from('order_items')
    .insert({ order_id: order.id, variant_id: variantId, product_title: titles.product, variant_title: titles.variant, quantity: 1, price_per_item_cents: 2900, file_path: file.path, file_type: file.type })
    .select('id')
    .single();
  if (itemError) throw new Error(`order item: ${itemError.message}`);
  return { orderId: order.id, itemId: item.id };
}

const issueDownload = (buyer: Customer, itemId: string, disposition: 'attachment' | 'inline' = 'attachment') =>
  callFunction('issue-download', { order_item_id: itemId, disposition }, buyer.token);

async function stampedPathOf(itemId: string): Promise<string | null> {
  const { data, error } = await service.from('order_items').select('stamped_path').eq('id', itemId).single();
  if (error) throw new Error(error.message);
  return data.stamped_path;
}

const footerOf = (name: string, email: string, orderId: string) => `Exemplaire personnel de ${name} · ${email} · commande ${orderId.slice(0, 8).toUpperCase()}`;
/**
 * The link expires `lifetimeMs` after it was issued, some time between `before` (the request
 * sent) and now (the answer read), whatever the stamping in between took; a second either way
 * for the token's whole-second expiry.
 */
function assertLifetime(expiresAt: string, before: number, lifetimeMs: number, what: string) {
  const expires = Date.parse(expiresAt);
  const after = Date.now();
  assert.ok(
    expires >= before + lifetimeMs - 1_000 && expires <= after + lifetimeMs + 1_000,
    `${what}: expires ${expires - before} ms after the request, ${expires - after} ms after the answer`,
  );
}

const objectOf = (url: string) => decodeURIComponent(new URL(url).pathname.replace(/^\/storage\/v1\/object\/sign\/deliverables\//, ''));

Deno.test("a buyer's PDF link gives their stamped copy, footer on every page, saved under its French name", async () => {
  const buyer = await signUpCustomer();
  const original = await uploadOriginal('eveil.pdf', await makePdf([{}, {}, {}]), 'application/pdf');
  const sold = await soldItem(buyer, { path: original, type: 'pdf' });

  const before = Date.now();
  const answer = await issueDownload(buyer, sold.itemId);
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
  const copy = `buyers/${buyer.user.id}/${sold.itemId}.pdf`;
  assert.equal(objectOf(answer.body.url), copy, 'the link names the buyer\'s copy, not the original');
  assert.equal(await stampedPathOf(sold.itemId), copy);
  assert.equal(answer.body.file_name, "L'Éveil du Cœur - PDF.pdf");
  assert.equal(answer.body.file_type, 'pdf');
  assertLifetime(answer.body.expires_at, before, 120_000, 'a download link lasts two minutes');

  // The link alone, as the browser follows it: no session, no API key.
  const download = await fetch(answer.body.url);
  assert.equal(download.status, 200);
  assert.equal(download.headers.get('content-type'), 'application/pdf');
  const disposition = download.headers.get('content-disposition') ?? '';
  assert.match(disposition, /^attachment;/);
  assert.ok(disposition.includes(`filename*=UTF-8''${encodeURIComponent("L'Éveil du Cœur - PDF.pdf")}`), disposition);
  const pages = await pageTexts(new Uint8Array(await download.arrayBuffer()));
  assert.equal(pages.length, 3);
  const footer = footerOf('Test buyer', buyer.email, sold.orderId);
  pages.forEach((text, i) => {
    assert.ok(text.includes(`Chapitre ${i + 1}`), `page ${i + 1} is the original's: ${text}`);
    assert.ok(text.includes(footer), `page ${i + 1} carries « ${footer} »: ${text}`);
  });
});

Deno.test('the original of a PDF is never signed for its buyer, and the copy is made once', async () => {
  const buyer = await signUpCustomer();
  const original = await uploadOriginal('sept-portes.pdf', await makePdf([{}]), 'application/pdf');
  const sold = await soldItem(buyer, { path: original, type: 'pdf' });
  const first = await issueDownload(buyer, sold.itemId, 'inline');
  assert.equal(first.status, 200, JSON.stringify(first.body));

  const mine = buyer.client.storage.from('deliverables');
  const { data: signed, error: signError } = await mine.createSignedUrl(original, 60);
  assert.equal(signed, null);
  assert.match(signError?.message ?? '', /not found/i, 'signing the original is refused as not found');
  const { error: downloadError } = await mine.download(original);
  assert.ok(downloadError, 'downloading the original is refused');

  const { data: info } = await bucket.info(`buyers/${buyer.user.id}/${sold.itemId}.pdf`);
  const again = await issueDownload(buyer, sold.itemId, 'inline');
  assert.equal(again.status, 200);
  assert.equal(objectOf(again.body.url), objectOf(first.body.url));
  const { data: infoAfter } = await bucket.info(`buyers/${buyer.user.id}/${sold.itemId}.pdf`);
  assert.equal(infoAfter?.version, info?.version, 'the second link reuses the copy: no new stamp, no new upload');
});

Deno.test('five first requests at once make one copy at one path; with no name in the profile the e-mail names the buyer', async () => {
  const buyer = await signUpCustomer();
  const { error } = await buyer.client.from('profiles').update({ full_name: null }).eq('id', buyer.user.id);
  assert.equal(error, null);
  const original = await uploadOriginal('souffle.pdf', await makePdf([{}, {}]), 'application/pdf');
  const sold = await soldItem(buyer, { path: original, type: 'pdf' });

  const answers = await Promise.all(Array.from({ length: 5 }, () => issueDownload(buyer, sold.itemId)));
  assert.deepEqual(answers.map((a) => a.status), Array(5).fill(200), JSON.stringify(answers.find((a) => a.status !== 200)?.body));
  assert.equal(new Set(answers.map((a) => objectOf(a.body.url))).size, 1);
  const { data: copies } = await bucket.list(`buyers/${buyer.user.id}`);
  assert.deepEqual(copies?.map((c) => c.name), [`${sold.itemId}.pdf`]);

  const pages = await pageTexts(new Uint8Array(await (await fetch(answers[4]!.body.url)).arrayBuffer()));
  const footer = footerOf(buyer.email, buyer.email, sold.orderId);
  assert.ok(pages.every((text) => text.includes(footer)), `every page carries « ${footer} »: ${pages.join(' | ')}`);
});

Deno.test('audio is delivered as it is, inline, for a viewing session', async () => {
  const buyer = await signUpCustomer();
  const sound = new Uint8Array(64 * 1024).map((_, i) => (i * 31) % 256);
  const original = await uploadOriginal('lumiere.wav', sound, 'audio/wav');
  const sold = await soldItem(buyer, { path: original, type: 'audio' }, { product: 'Méditation de la Lumière Intérieure', variant: '20 min' });

  const before = Date.now();
  const answer = await issueDownload(buyer, sold.itemId, 'inline');
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
  assert.equal(objectOf(answer.body.url), original);
  assert.equal(answer.body.file_name, 'Méditation de la Lumière Intérieure - 20 min.wav');
  assert.equal(answer.body.file_type, 'audio');
  assertLifetime(answer.body.expires_at, before, 900_000, 'a viewing link lasts 15 minutes');
  assert.equal(await stampedPathOf(sold.itemId), null, 'no copy is made of audio');

  const played = await fetch(answer.body.url);
  assert.equal(played.status, 200);
  assert.equal(played.headers.get('content-disposition'), null, 'inline: no attachment header');
  assert.deepEqual(new Uint8Array(await played.arrayBuffer()), sound);
});

Deno.test('a file read online only gets the viewer\'s link, never a download link (issue #28)', async () => {
  const buyer = await signUpCustomer();
  const original = await uploadOriginal('ecoute.wav', new Uint8Array(4096).fill(7), 'audio/wav');
  const variantId = `var_online_${crypto.randomUUID()}`;
  const { error } = await service.from('product_files').insert({ variant_id: variantId, object_path: original, file_type: 'audio', online_only: true });
  if (error) throw new Error(`product file: ${error.message}`);
  const sold = await soldItem(buyer, { path: original, type: 'audio' }, { product: 'Méditation', variant: 'Audio' }, variantId);

  const refused = await issueDownload(buyer, sold.itemId, 'attachment');
  assert.equal(refused.status, 403);
  assert.deepEqual(refused.body.error, {
    code: 'download_disabled',
    message: 'Téléchargement non proposé',
    detail: 'Ce fichier se lit en ligne uniquement : ouvrez-le avec « Voir » dans votre bibliothèque.',
  });
  const viewed = await issueDownload(buyer, sold.itemId, 'inline');
  assert.equal(viewed.status, 200, JSON.stringify(viewed.body));
  assert.equal(objectOf(viewed.body.url), original);
});

Deno.test('a new version (the stamped copy forgotten, as attach_variant_file does) is stamped again at the same path', async () => {
  const buyer = await signUpCustomer();
  const first = await uploadOriginal('v1.pdf', await makePdf([{}, {}, {}]), 'application/pdf');
  const sold = await soldItem(buyer, { path: first, type: 'pdf' });
  const before = await issueDownload(buyer, sold.itemId);
  assert.equal(before.status, 200, JSON.stringify(before.body));
  assert.equal((await pageTexts(new Uint8Array(await (await fetch(before.body.url)).arrayBuffer()))).length, 3);

  const second = await uploadOriginal('v2.pdf', await makePdf([{}, {}]), 'application/pdf');
  const { error } = await service.from('order_items').update({ file_path: second, stamped_path: null }).eq('id', sold.itemId);
  if (error) throw new Error(error.message);
  const after = await issueDownload(buyer, sold.itemId);
  assert.equal(after.status, 200, JSON.stringify(after.body));
  assert.equal(objectOf(after.body.url), `buyers/${buyer.user.id}/${sold.itemId}.pdf`, 'the same path, overwritten');
  const pages = await pageTexts(new Uint8Array(await (await fetch(after.body.url)).arrayBuffer()));
  assert.equal(pages.length, 2, 'the copy is the new version');
  assert.ok(pages[0]!.includes(footerOf('Test buyer', buyer.email, sold.orderId)), pages[0]!);
});

Deno.test('another customer, anon, a made-up item and a missing original are refused in French', async () => {
  const buyer = await signUpCustomer();
  const intruder = await signUpCustomer('intruder');
  const original = await uploadOriginal('portes.pdf', await makePdf([{}]), 'application/pdf');
  const sold = await soldItem(buyer, { path: original, type: 'pdf' });

  const stolen = await issueDownload(intruder, sold.itemId);
  assert.equal(stolen.status, 404);
  assert.deepEqual(stolen.body.error, unavailable);
  assert.equal(await stampedPathOf(sold.itemId), null, "nothing is stamped for someone else's item");

  const madeUp = await issueDownload(buyer, crypto.randomUUID());
  assert.equal(madeUp.status, 404);
  assert.deepEqual(madeUp.body.error, unavailable);

  const lost = await soldItem(buyer, { path: `products/tests/${crypto.randomUUID()}-lost.pdf`, type: 'pdf' });
  const missing = await issueDownload(buyer, lost.itemId);
  assert.equal(missing.status, 404);
  assert.deepEqual(missing.body.error, unavailable);

  // No JWT at all: the gateway answers before the function runs (verify_jwt).
  const bare = await fetch(`${env.supabaseUrl}/functions/v1/issue-download`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ order_item_id: sold.itemId, disposition: 'attachment' }),
  });
  assert.equal(bare.status, 401);
  await bare.body?.cancel();
  // The publishable key names no one: the function asks for a signed-in buyer.
  const anon = await callFunction('issue-download', { order_item_id: sold.itemId, disposition: 'attachment' });
  assert.equal(anon.status, 401);
  assert.equal(anon.body.error.code, 'not_signed_in');

  const bad = await callFunction('issue-download', { order_item_id: sold.itemId, disposition: 'save' }, buyer.token);
  assert.equal(bad.status, 400);
  assert.equal(bad.body.error.code, 'invalid_request');

  const { data: log } = await service.from('download_links').select('user_id').in('user_id', [buyer.user.id, intruder.user.id]);
  assert.deepEqual(log, [], 'no refused request issued a link');
});

Deno.test("an administrator, who reads every order, gets no link to a customer's item and stamps nothing", async () => {
  const buyer = await signUpCustomer();
  const admin = await signUpCustomer('admin');
  const { error } = await service.from('profiles').update({ role: 'admin' }).eq('id', admin.user.id);
  assert.equal(error, null);
  const original = await uploadOriginal('silence.pdf', await makePdf([{}]), 'application/pdf');
  const sold = await soldItem(buyer, { path: original, type: 'pdf' });
  const { data: visible } = await admin.client.from('order_items').select('id').eq('id', sold.itemId);
  assert.equal(visible?.length, 1, 'RLS shows the administrator the item');

  const answer = await issueDownload(admin, sold.itemId);
  assert.equal(answer.status, 404);
  assert.deepEqual(answer.body.error, unavailable);
  assert.equal(await stampedPathOf(sold.itemId), null);
});

Deno.test('past the day\'s limit, a link is refused with 429 and a French message', async () => {
  const buyer = await signUpCustomer();
  const original = await uploadOriginal('gratitude.wav', new Uint8Array(1024), 'audio/wav');
  const sold = await soldItem(buyer, { path: original, type: 'audio' });
  const perDay = 20; // private.delivery_settings' default
  for (let batch = 0; batch < perDay / 5; batch++) {
    const answers = await Promise.all(Array.from({ length: 5 }, () => issueDownload(buyer, sold.itemId)));
    assert.deepEqual(answers.map((a) => a.status), Array(5).fill(200));
  }
  const refused = await issueDownload(buyer, sold.itemId);
  assert.equal(refused.status, 429);
  assert.deepEqual(refused.body.error, {
    code: 'download_limit',
    message: 'Limite de téléchargements atteinte',
    detail: `Vous avez demandé ${perDay} liens pour ce fichier en 24 heures. Réessayez plus tard.`,
  });
  const { count } = await buyer.client.from('download_links').select('*', { count: 'exact', head: true }).eq('order_item_id', sold.itemId);
  assert.equal(count, perDay, 'every link issued is in the buyer\'s log, the refused one is not');
});

/** Buys one unit of `variantId` as `buyer` through create-checkout, the sandbox page and record-order. */
async function purchase(buyer: Customer, variantId: string): Promise<string> {
  const checkoutId = await paidCheckout(buyer, [{ variant_id: variantId, quantity: 1 }]);
  const recorded = await recordOrder(checkoutId, buyer);
  assert.equal(recorded.status, 200, JSON.stringify(recorded.body));
  return recorded.body.order_id;
}

Deno.test('a teaching bought through the real checkout is delivered as the stamped copy of its catalogue file', async () => {
  const teaching = (await catalogue()).find((entry) => entry.purchasable && entry.stock === null && entry.productTitle === "L'Éveil du Cœur");
  assert.ok(teaching, "the sandbox sells L'Éveil du Cœur");
  const buyer = await signUpCustomer();
  const orderId = await purchase(buyer, teaching.variantId);
  const { data: item, error } = await buyer.client.from('order_items').select('id, file_path, file_type').eq('order_id', orderId).single();
  assert.equal(error, null);
  assert.equal(item!.file_type, 'pdf');
  // The local stack uploaded the catalogue's sample files into the bucket.
  const { data: present } = await bucket.exists(item!.file_path);
  assert.ok(present, `${item!.file_path} is in the bucket`);

  const answer = await issueDownload(buyer, item!.id);
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
  assert.equal(answer.body.file_name, `${teaching.productTitle} - ${teaching.variantTitle}.pdf`);
  const pages = await pageTexts(new Uint8Array(await (await fetch(answer.body.url)).arrayBuffer()));
  const footer = footerOf('Test buyer', buyer.email, orderId);
  assert.ok(pages.length > 0 && pages.every((text) => text.includes(footer)), `every page carries « ${footer} »: ${pages.join(' | ')}`);
});

// The « Nouvelle version » e-mail (issue #28) against the local stack: an administrator replaces
// both files of a two-edition teaching through attach-deliverable; once the five-minute debounce
// has passed (moved on in the database here), send-confirmations mails each buyer once: Alice,
// who bought both editions, one mail, not two; Bruno, whose first send fails, on the next run; a
// retried run sends nothing more. The teaching's files are put back afterwards.
import assert from 'node:assert/strict';
import pg from 'pg';
import { paidCheckout, recordOrder } from './checkouts.ts';
import { catalogue } from './commerce_sandbox.ts';
import { callFunction, type Customer, env, service, signUpAdmin, signUpCustomer } from './helpers.ts';
import { failSendsTo, mailsTo, readMail } from './mail_outbox.ts';
import { makePdf } from './pdf_fixtures.ts';

const dbUrl = Deno.env.get('SUPABASE_DB_URL');
const jobSecret = Deno.env.get('SEND_CONFIRMATIONS_SECRET');
if (!dbUrl || !jobSecret) throw new Error('SUPABASE_DB_URL and SEND_CONFIRMATIONS_SECRET come from the stack: run these tests through `npm test`.');

// A product of two editions the stack sells, both delivered as PDFs.
const { data: files } = await service.from('product_files').select('variant_id, object_path, file_type');
const pdfPaths = new Map(files!.filter((f) => f.file_type === 'pdf').map((f) => [f.variant_id as string, f.object_path as string]));
const editions = Object.values(Object.groupBy((await catalogue()).filter((e) => e.purchasable && e.stock === null && pdfPaths.has(e.variantId)), (e) => e.productId))
  .find((variants) => variants!.length >= 2)!.slice(0, 2);

async function buy(buyer: Customer, variantIds: string[]): Promise<void> {
  const checkoutId = await paidCheckout(buyer, variantIds.map((variant_id) => ({ variant_id, quantity: 1 })));
  const recorded = await recordOrder(checkoutId, buyer);
  assert.equal(recorded.status, 200, JSON.stringify(recorded.body));
}

/** The administrator's replacement, as the products page makes it: an upload, then attach-deliverable. */
async function replace(admin: Customer, variantId: string, objectPath?: string): Promise<void> {
  let path = objectPath;
  if (!path) {
    path = `products/${variantId}/${crypto.randomUUID()}/nouvelle-edition.pdf`;
    const { error } = await admin.client.storage.from('deliverables').upload(path, await makePdf([{}, {}]), { contentType: 'application/pdf' });
    if (error) throw new Error(`uploading ${path}: ${error.message}`);
  }
  const attached = await callFunction('attach-deliverable', { variant_id: variantId, object_path: path }, admin.token);
  assert.equal(attached.status, 200, JSON.stringify(attached.body));
}

/** Five minutes pass for the buyers' queued mails. */
async function debouncePasses(buyers: Customer[]): Promise<number> {
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query(
      `update private.new_version_mails set due_at = now() - interval '1 second' where sent_at is null and user_id = any ($1::uuid[])`,
      [buyers.map((buyer) => buyer.user.id)],
    );
    return rowCount ?? 0;
  } finally {
    await client.end();
  }
}

async function drain(): Promise<{ sent: number; failed: number }> {
  const answer = await callFunction('send-confirmations', {}, jobSecret!);
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
  return answer.body;
}

const newVersionMails = async (buyer: Customer) => (await mailsTo(buyer.email)).filter((mail) => mail.subject.startsWith('Nouvelle version'));

Deno.test('replacing both editions mails each buyer once, after the debounce; a failed send goes on the next run; a retry sends nothing', async () => {
  const admin = await signUpAdmin();
  const alice = await signUpCustomer('alice-versions');
  const bruno = await signUpCustomer('bruno-versions');
  await buy(alice, editions.map((e) => e.variantId));
  await buy(bruno, [editions[0]!.variantId]);
  const subject = `Nouvelle version : ${editions[0]!.productTitle}`;
  try {
    for (const edition of editions) await replace(admin, edition.variantId);
    assert.equal(await debouncePasses([alice, bruno]), 2, 'one mail queued per buyer, though Alice owns both replaced files');

    await failSendsTo(bruno.email, 503);
    try {
      await drain();
    } finally {
      await failSendsTo(bruno.email, null);
    }
    const toAlice = await newVersionMails(alice);
    assert.deepEqual(toAlice.map((mail) => mail.subject), [subject], 'Alice: one mail for the two files');
    assert.equal((await newVersionMails(bruno)).length, 0, 'Bruno\'s send failed');
    const { text, html } = await readMail(toAlice[0]!.id);
    assert.ok(text.startsWith('Bonjour Test alice-versions,'), text);
    assert.ok(text.includes(`Votre bibliothèque : ${env.siteUrl}/dashboard/library`), text);
    assert.ok(html.includes(`href="${env.siteUrl}/dashboard/library"`), html);

    await drain();
    assert.deepEqual((await newVersionMails(bruno)).map((mail) => mail.subject), [subject], 'Bruno\'s goes on the next run');
    const again = await drain();
    assert.equal(again.failed, 0);
    assert.equal((await newVersionMails(alice)).length, 1, 'a retried run sends Alice nothing more');
    assert.equal((await newVersionMails(bruno)).length, 1, 'nor Bruno');
  } finally {
    for (const edition of editions) await replace(admin, edition.variantId, pdfPaths.get(edition.variantId));
  }
});

// The administrators' notifications, from the database's outbox to the mail sandbox through the
// scheduled send-notifications: a contact message mailed at once in French with a link straight to
// it; a conversation's lines gathered into one mail per quarter of an hour; a failing mailer
// retried with back-off, then given up and listed for the administrators with the reason; never a
// mail twice (concurrent runs, a mark lost after the send); the daily digest gathering a day's
// events at its administrator's hour. Supabase Cron also calls the function every minute on this
// stack, so each test waits for the state it expects whoever got there first; the clock is moved
// by moving a row's due time, as an hour passing would.
import assert from 'node:assert/strict';
import pg from 'pg';
import { cartTotal, paidCheckout, recordOrder } from './checkouts.ts';
import { callFunction, type Customer, env, service, signUpCustomer } from './helpers.ts';
import { failSendsTo, type ListedMail, mailsTo, readMail } from './mail_outbox.ts';

const dbUrl = Deno.env.get('SUPABASE_DB_URL');
const jobSecret = Deno.env.get('SEND_NOTIFICATIONS_SECRET');
if (!dbUrl || !jobSecret) throw new Error('SUPABASE_DB_URL and SEND_NOTIFICATIONS_SECRET come from the stack: run these tests through `npm test`.');

async function asOperator<T>(sql: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  try {
    return (await client.query(sql, values)).rows as T[];
  } finally {
    await client.end();
  }
}

const runSender = async (token = jobSecret!) => {
  const answer = await callFunction('send-notifications', {}, token);
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
  return answer.body as { sent: number; failed: number };
};

/** Runs the sender until `check` holds (the schedule may get there first), for at most ~20 s. */
async function until<T>(what: string, check: () => Promise<T | undefined | false>): Promise<T> {
  for (let i = 0; i < 40; i++) {
    await runSender();
    const found = await check();
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  assert.fail(`still not: ${what}`);
}

type Choice = 'immediate' | 'digest' | 'none';

/** A new administrator with the given choices, signed in; stepped down again by `dismiss`. */
async function administrator(label: string, choices: { contact?: Choice; chat?: Choice; orders?: Choice; digest_hour?: number } = {}): Promise<Customer> {
  const admin = await signUpCustomer(label);
  const { error } = await service.from('profiles').update({ role: 'admin' }).eq('id', admin.user.id);
  assert.equal(error, null);
  const saved = await admin.client.from('admin_notification_preferences').insert(choices);
  assert.ifError(saved.error);
  return admin;
}

async function dismiss(...admins: Customer[]): Promise<void> {
  for (const admin of admins) await service.from('profiles').update({ role: 'customer' }).eq('id', admin.user.id);
}

async function contactMessage(subject: string, createdAt?: Date): Promise<string> {
  const { data, error } = await service
    .from('contact_messages')
    .insert({ name: 'Jeanne Lefèvre', email: 'jeanne@example.test', subject, message: "Je n'arrive pas à ouvrir mon enseignement.\nPouvez-vous m'aider ?", ...(createdAt ? { created_at: createdAt.toISOString() } : {}) })
    .select('id')
    .single();
  assert.ifError(error);
  return data!.id;
}

interface Row {
  id: string;
  status: 'pending' | 'sent' | 'failed';
  attempts: number;
  due_at: string;
  last_error: string | null;
  line_count: number;
}

async function rowsOf(recipient: Customer, filter: { contact_message_id?: string; customer_id?: string }): Promise<Row[]> {
  let query = service.from('admin_notifications').select('id, status, attempts, due_at, last_error, line_count').eq('recipient_id', recipient.user.id);
  for (const [column, value] of Object.entries(filter)) query = query.eq(column, value);
  const { data, error } = await query;
  assert.ifError(error);
  return data as Row[];
}

const mailsAbout = async (admin: Customer, subject: string): Promise<ListedMail[]> => (await mailsTo(admin.email)).filter((mail) => mail.subject === subject);

Deno.test('a contact message is mailed at once to each administrator who wants it, in French, with a link straight to it', async () => {
  const now = await administrator('notify-now');
  const none = await administrator('notify-none', { contact: 'none' });
  try {
    const subject = `Mon enseignement ${crypto.randomUUID().slice(0, 6)}`;
    const id = await contactMessage(subject);
    const listed = await until('the contact message mailed', async () => (await mailsAbout(now, `Nouveau message de contact : ${subject}`))[0]);
    const mail = await readMail(listed.id);
    assert.match(mail.text, /^Bonjour,\n\nJeanne Lefèvre \(jeanne@example\.test\) vous a écrit depuis le formulaire de contact le \d{2}\/\d{2}\/\d{4} à \d{2}:\d{2}\./);
    assert.ok(mail.text.includes(`Objet : ${subject}`), mail.text);
    assert.ok(mail.text.includes("> Je n'arrive pas à ouvrir mon enseignement.\n> Pouvez-vous m'aider ?"), mail.text);
    assert.ok(mail.text.includes(`Lire le message et y répondre : ${env.siteUrl}/admin/messages#contact-${id}`), mail.text);
    assert.ok(mail.text.includes(`${env.siteUrl}/admin/settings/notifications`), 'it says where to choose one’s notifications');
    assert.ok(mail.html.includes(`href="${env.siteUrl}/admin/messages#contact-${id}"`), mail.html);
    assert.ok(mail.html.includes('&#39;'), 'the HTML part escapes what the visitor wrote');
    assert.deepEqual((await rowsOf(now, { contact_message_id: id })).map((row) => row.status), ['sent']);
    assert.deepEqual(await rowsOf(none, { contact_message_id: id }), [], 'an administrator who chose none is not told');
    assert.equal((await mailsTo(none.email)).length, 0);
  } finally {
    await dismiss(now, none);
  }
});

Deno.test('a paid order is mailed to the administrators with its invoice number, total and a link to it', async () => {
  const admin = await administrator('notify-orders', { contact: 'none', chat: 'none' });
  const buyer = await signUpCustomer('notify-buyer');
  try {
    const recorded = await recordOrder(await paidCheckout(buyer), buyer);
    assert.equal(recorded.status, 200, JSON.stringify(recorded.body));
    const { data: order } = await service.from('orders').select('id, invoice_number').eq('id', recorded.body.order_id).single();
    const total = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' }).format(cartTotal / 100).replaceAll('\u202f', '\u00a0');
    const subject = `Nouvelle commande ${order!.invoice_number} (${total})`;
    const listed = await until('the order mailed', async () => (await mailsAbout(admin, subject))[0]);
    const mail = await readMail(listed.id);
    assert.ok(mail.text.includes(`Test notify-buyer a passé commande le `), mail.text);
    assert.ok(mail.text.includes(`commande n° ${order!.id.slice(0, 8).toUpperCase()}, facture ${order!.invoice_number}, ${total}.`), mail.text);
    assert.ok(mail.text.includes(`Voir la commande : ${env.siteUrl}/admin/users?compte=${buyer.user.id}`), mail.text);
    assert.equal((await mailsTo(admin.email)).length, 1, 'one mail: the order only, as chosen');
  } finally {
    await dismiss(admin);
  }
});

Deno.test('a conversation is one mail however many lines: its lines gathered, later lines of the quarter of an hour folded in without a new mail', async () => {
  const admin = await administrator('notify-chat');
  const customer = await signUpCustomer('chat-customer');
  try {
    const lines = ['Bonjour,', "je n'arrive pas à ouvrir mon enseignement.", 'Merci de votre aide.'];
    const first = await customer.client.from('user_messages').insert(lines.map((content) => ({ sender_id: customer.user.id, receiver_id: admin.user.id, content })));
    assert.ifError(first.error);
    const subject = 'Nouvelle conversation : Test chat-customer vous a écrit';
    const listed = await until('the conversation mailed', async () => (await mailsAbout(admin, subject))[0]);
    const mail = await readMail(listed.id);
    assert.ok(mail.text.includes('Test chat-customer vous a écrit dans la messagerie le '), mail.text);
    assert.ok(mail.text.includes('(3 messages) :'), mail.text);
    for (const line of lines) assert.ok(mail.text.includes(`> ${line}`), `the mail quotes « ${line} »`);
    assert.ok(mail.text.includes(`Ouvrir la conversation : ${env.siteUrl}/admin/conversations/${customer.user.id}`), mail.text);
    assert.ok(mail.html.includes(`href="${env.siteUrl}/admin/conversations/${customer.user.id}"`));

    for (const content of ['Vous êtes là ?', 'Je réessaie ce soir.']) {
      const more = await customer.client.from('user_messages').insert({ sender_id: customer.user.id, receiver_id: admin.user.id, content });
      assert.ifError(more.error);
    }
    await runSender();
    await runSender();
    const rows = await rowsOf(admin, { customer_id: customer.user.id });
    assert.deepEqual(rows.map((row) => [row.status, row.line_count]), [['sent', 5]], 'one notification, counting the five lines');
    assert.equal((await mailsAbout(admin, subject)).length, 1, 'and still one mail');
  } finally {
    await dismiss(admin);
  }
});

/** Moves a row's next try to now, as the back-off's wait passing would. */
const makeDue = (id: string) => asOperator(`update public.admin_notifications set due_at = now() where id = $1 and status = 'pending'`, [id]);

Deno.test('a mailer that fails is retried with back-off; after the fifth try the notification is given up and listed for the administrators with the reason', async () => {
  const failing = await administrator('notify-failing');
  const reader = await administrator('notify-reader', { contact: 'none' });
  await failSendsTo(failing.email, 500);
  try {
    const id = await contactMessage(`Panne ${crypto.randomUUID().slice(0, 6)}`);
    const first = await until('a first failed try', async () => (await rowsOf(failing, { contact_message_id: id })).find((row) => row.attempts === 1 && row.last_error));
    assert.equal(first.status, 'pending');
    assert.match(first.last_error!, /^provider_error: the mail API answered HTTP 500 application_error/);
    const wait = Date.parse(first.due_at) - Date.now();
    assert.ok(wait > 30_000 && wait <= 60_000, `tried again about a minute later (in ${wait} ms)`);
    await runSender();
    assert.equal((await rowsOf(failing, { contact_message_id: id }))[0]!.attempts, 1, 'not before');

    const waits: number[] = [];
    for (let attempt = 2; attempt <= 5; attempt++) {
      await makeDue(first.id);
      const row = await until(`try ${attempt}`, async () => (await rowsOf(failing, { contact_message_id: id })).find((r) => r.attempts === attempt && (r.status === 'failed' || Date.parse(r.due_at) > Date.now())));
      waits.push(Math.round((Date.parse(row!.due_at) - Date.now()) / 60_000));
    }
    assert.deepEqual(waits.slice(0, 3), [5, 25, 125], 'each wait longer than the last: 5, 25, 125 minutes');
    const [given] = await rowsOf(failing, { contact_message_id: id });
    assert.equal(given!.status, 'failed', 'given up after the fifth try');

    const listed = await reader.client.from('admin_notifications').select('topic, status, attempts, last_error').eq('status', 'failed').eq('contact_message_id', id);
    assert.deepEqual(listed.data, [{ topic: 'contact', status: 'failed', attempts: 5, last_error: given!.last_error }], 'another administrator sees the failure and its reason');
    const customer = await signUpCustomer('notify-nosy');
    assert.deepEqual((await customer.client.from('admin_notifications').select('id')).data, [], 'a customer does not');

    await failSendsTo(failing.email, null);
    await runSender();
    assert.equal((await mailsTo(failing.email)).length, 0, 'a given-up notification is not sent later');
  } finally {
    await failSendsTo(failing.email, null);
    await dismiss(failing, reader);
  }
});

Deno.test('a notification that failed is delivered once the mailer is back', async () => {
  const admin = await administrator('notify-recovers');
  await failSendsTo(admin.email, 503);
  try {
    const subject = `Retour ${crypto.randomUUID().slice(0, 6)}`;
    const id = await contactMessage(subject);
    const failed = await until('a failed try', async () => (await rowsOf(admin, { contact_message_id: id })).find((row) => row.last_error));
    await failSendsTo(admin.email, null);
    await makeDue(failed.id);
    await until('the retry delivered', async () => (await rowsOf(admin, { contact_message_id: id }))[0]!.status === 'sent');
    assert.equal((await mailsAbout(admin, `Nouveau message de contact : ${subject}`)).length, 1);
  } finally {
    await failSendsTo(admin.email, null);
    await dismiss(admin);
  }
});

Deno.test('never twice: concurrent runs mail each notification once, and a send whose mark was lost is not mailed again', async () => {
  const admin = await administrator('notify-once');
  try {
    const subjects = Array.from({ length: 4 }, (_, i) => `Une seule fois ${i} ${crypto.randomUUID().slice(0, 6)}`);
    const ids: string[] = [];
    for (const subject of subjects) ids.push(await contactMessage(subject));
    await Promise.all(Array.from({ length: 6 }, () => runSender()));
    await until('all four sent', async () => (await Promise.all(ids.map((id) => rowsOf(admin, { contact_message_id: id })))).every(([row]) => row!.status === 'sent'));
    for (const subject of subjects) assert.equal((await mailsAbout(admin, `Nouveau message de contact : ${subject}`)).length, 1, subject);

    // The provider accepted a mail, then the answer or the mark was lost: the row is due again.
    await asOperator(`update public.admin_notifications set status = 'pending', sent_at = null, due_at = now() where recipient_id = $1 and contact_message_id = $2`, [admin.user.id, ids[0]]);
    await until('the row sent again', async () => (await rowsOf(admin, { contact_message_id: ids[0] }))[0]!.status === 'sent');
    assert.equal((await mailsAbout(admin, `Nouveau message de contact : ${subjects[0]}`)).length, 1, 'the same idempotency key: the provider sends it once');
  } finally {
    await dismiss(admin);
  }
});

const parisHour = () => Number(new Intl.DateTimeFormat('en-GB', { hour: 'numeric', hourCycle: 'h23', timeZone: 'Europe/Paris' }).formatToParts(new Date()).find((part) => part.type === 'hour')!.value);

Deno.test("the digest gathers a day's events at its administrator's hour, in one mail, and not those after the hour", async () => {
  // Not across the turn of an hour, which would move "its hour" under the test.
  while (new Date().getMinutes() === 59 && new Date().getSeconds() > 40) await new Promise((resolve) => setTimeout(resolve, 5_000));
  const hour = parisHour();
  const digest = await administrator('notify-digest', { contact: 'digest', chat: 'digest', orders: 'digest', digest_hour: hour });
  const later = await administrator('notify-later', { contact: 'digest', chat: 'digest', orders: 'digest', digest_hour: (hour + 1) % 24 });
  const customer = await signUpCustomer('digest-customer');
  try {
    const tag = crypto.randomUUID().slice(0, 6);
    const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000);
    const yesterday = await contactMessage(`Hier ${tag}`, hoursAgo(23));
    const morning = await contactMessage(`Ce matin ${tag}`, hoursAgo(2));
    const chat = await service.from('user_messages').insert({ sender_id: customer.user.id, receiver_id: digest.user.id, content: 'Une question sur mon rituel.', created_at: hoursAgo(5).toISOString() });
    assert.ifError(chat.error);
    const fresh = await contactMessage(`Tout juste ${tag}`);

    const subject = 'Votre résumé du jour : 2 messages de contact, 1 conversation';
    const isOurs = async (mail: ListedMail) => (await readMail(mail.id)).text.includes(`Hier ${tag}`);
    const found = await until('the digest mailed', async () => {
      for (const mail of await mailsAbout(digest, subject)) if (await isOurs(mail)) return mail;
    });
    const mail = await readMail(found.id);
    assert.ok(mail.text.includes('Voici ce qui est arrivé sur Lumière Sacrée depuis votre dernier résumé.'), mail.text);
    assert.ok(mail.text.indexOf(`Objet : Hier ${tag}`) < mail.text.indexOf(`Objet : Ce matin ${tag}`), 'oldest first');
    assert.ok(mail.text.includes(`${env.siteUrl}/admin/messages#contact-${yesterday}`));
    assert.ok(mail.text.includes(`${env.siteUrl}/admin/messages#contact-${morning}`));
    assert.ok(mail.text.includes(`Ouvrir la conversation : ${env.siteUrl}/admin/conversations/${customer.user.id}`), mail.text);
    assert.ok(!mail.text.includes(`Tout juste ${tag}`), 'what came after the hour waits for tomorrow’s digest');
    const [pending] = await rowsOf(digest, { contact_message_id: fresh });
    assert.equal(pending!.status, 'pending');
    assert.equal(new Date(pending!.due_at).getTime() - Date.now() > 22 * 3_600_000, true, 'due at the hour tomorrow');

    await runSender();
    const ours = [];
    for (const listed of await mailsTo(digest.email)) if (await isOurs(listed)) ours.push(listed);
    assert.equal(ours.length, 1, 'one digest');
    assert.equal((await mailsTo(later.email)).length, 0, 'an administrator whose hour has not come has no mail yet');
    assert.ok((await rowsOf(later, { contact_message_id: yesterday })).every((row) => row.status === 'pending'));
  } finally {
    await dismiss(digest, later);
  }
});

Deno.test("send-notifications is the schedule's: a customer, the anon key and the service-role key are refused", async () => {
  const customer = await signUpCustomer('not-the-notifier');
  for (const token of [customer.token, env.anonKey, env.serviceRoleKey]) {
    const answer = await callFunction('send-notifications', {}, token);
    assert.equal(answer.status, 403, JSON.stringify(answer.body));
    assert.equal(answer.body.error.code, 'scheduled_job_only');
  }
});

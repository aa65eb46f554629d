// The rate limits and the contact form's anti-spam over real HTTP, through the gateway as a browser reaches it: a burst at each door
// gets 429 with PostgREST's JSON error (code PT429) once past the limit and never before. Each case
// comes from its own client address (the gateway hands X-Forwarded-For on, as Kong does) or its
// own customer, so it neither meets nor uses up another test's allowance.
import { describe, expect, it } from 'vitest';
import { client, newCustomer, type ShopEnv } from '../support/shop.ts';

// npm test's shared stack (scripts/test.ts), as every contract test.
const env = process.env as unknown as ShopEnv;

const adminId = '00000000-0000-4000-a000-000000000001';
/** An address of the benchmarking range (RFC 2544), one per case. */
const newAddress = () => `198.18.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 254) + 1}`;

async function post(path: string, body: unknown, headers: Record<string, string>) {
  const response = await fetch(`${env.SUPABASE_URL}/rest/v1/${path}`, {
    method: 'POST',
    headers: { apikey: env.SUPABASE_PUBLISHABLE_KEY, 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, type: response.headers.get('content-type'), body: text ? JSON.parse(text) : null };
}

/** A contact form shown now; its token ripens after the form's minimum fill time (3 s). */
async function shownForm(address: string): Promise<string> {
  return (await post('rpc/contact_form_token', {}, { 'X-Forwarded-For': address })).body as string;
}
const ripe = () => new Promise((resolve) => setTimeout(resolve, 3_100));

const contactFrom = (address: string, token: string, i: number, extra: Record<string, string> = {}) =>
  post('rpc/send_contact_message', { p_name: 'Visiteur', p_email: 'visiteur@limits.test', p_subject: `Rafale ${address}`, p_message: `Message ${i}`, p_form_token: token, ...extra }, { 'X-Forwarded-For': address });

describe('the contact form, per client address', () => {
  it('accepts five messages in a burst of eight and refuses the rest with 429 and a JSON error', async () => {
    const address = newAddress();
    const token = await shownForm(address);
    await ripe();
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => contactFrom(address, token, i)));
    expect(answers.filter((a) => a.status === 204)).toHaveLength(5);
    const refused = answers.filter((a) => a.status !== 204);
    expect(refused).toHaveLength(3);
    for (const answer of refused) {
      expect(answer.status).toBe(429);
      expect(answer.type).toMatch(/^application\/json/);
      expect(answer.body).toMatchObject({ code: 'PT429', message: 'Too many requests: try again later.' });
    }
  });

  it('never refuses before the limit, and another address is not held back', async () => {
    const address = newAddress();
    const other = newAddress();
    const [token, otherToken] = [await shownForm(address), await shownForm(other)];
    await ripe();
    for (let i = 1; i <= 5; i++) expect((await contactFrom(address, token, i)).status).toBe(204);
    expect((await contactFrom(address, token, 6)).status).toBe(429);
    expect((await contactFrom(other, otherToken, 1)).status).toBe(204);
  });

  it('answers a bot like a person and stores nothing: honeypot filled, sent at once, no token', async () => {
    const address = newAddress();
    const token = await shownForm(address);
    const instant = await contactFrom(address, token, 1);
    await ripe();
    const honeypot = await contactFrom(address, token, 2, { p_website: 'https://spam.test' });
    const tokenless = await post('rpc/send_contact_message', { p_name: 'Robot', p_email: 'visiteur@limits.test', p_subject: `Rafale ${address}`, p_message: 'Achetez', p_form_token: null }, { 'X-Forwarded-For': address });
    const person = await contactFrom(address, token, 3);
    expect([instant.status, honeypot.status, tokenless.status, person.status]).toEqual([204, 204, 204, 204]);
    const service = client(env, env.SUPABASE_SECRET_KEY);
    const { data } = await service.from('contact_messages').select('message').eq('subject', `Rafale ${address}`);
    expect(data).toEqual([{ message: 'Message 3' }]);
  });

  it('refuses a direct insert into the table', async () => {
    const answer = await post('contact_messages', { name: 'Robot', email: 'robot@limits.test', subject: 'Direct', message: 'Achetez' }, { 'X-Forwarded-For': newAddress() });
    expect(answer.status).toBe(401);
  });
});

describe('the chat, per sender', () => {
  it('accepts a customer\'s burst of ten and refuses the rest with 429 and a JSON error', async () => {
    const customer = await newCustomer(env, 'rafale');
    const token = (await customer.supabase.auth.getSession()).data.session!.access_token;
    const send = (i: number) =>
      post('user_messages', { sender_id: customer.userId, receiver_id: adminId, content: `Message ${i}` }, { Authorization: `Bearer ${token}` });
    const answers = await Promise.all(Array.from({ length: 13 }, (_, i) => send(i)));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(10);
    const refused = answers.filter((a) => a.status !== 201);
    expect(refused.map((a) => a.status)).toEqual([429, 429, 429]);
    expect(refused[0]!.body).toMatchObject({ code: 'PT429' });
    const { count } = await customer.supabase.from('user_messages').select('*', { count: 'exact', head: true }).eq('sender_id', customer.userId);
    expect(count).toBe(10);
  });
});

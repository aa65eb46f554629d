// The rate limits over real HTTP, through the gateway as a browser reaches it: a burst at each door
// gets 429 with PostgREST's JSON error (code PT429) once past the limit and never before. Each case
// comes from its own client address (the gateway hands X-Forwarded-For on, as Kong does) or its
// own customer, so it neither meets nor uses up another test's allowance.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalStack } from '../../scripts/stack/launch.ts';
import { newCustomer, type ShopEnv } from '../support/shop.ts';

let stack: LocalStack | undefined;
let env: ShopEnv;

beforeAll(async () => {
  if (process.env.SUPABASE_URL) env = process.env as unknown as ShopEnv;
  else {
    const { startLocalStack } = await import('../../scripts/stack/launch.ts');
    stack = await startLocalStack({ persistent: false, siteUrl: 'http://127.0.0.1:5173' });
    env = stack.env as unknown as ShopEnv;
  }
});

afterAll(async () => {
  await stack?.stop();
});

const adminId = '00000000-0000-4000-a000-000000000001';
/** An address of the benchmarking range (RFC 2544), one per case. */
const newAddress = () => `198.18.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 254) + 1}`;

async function post(path: string, body: unknown, headers: Record<string, string>) {
  const response = await fetch(`${env.SUPABASE_URL}/rest/v1/${path}`, {
    method: 'POST',
    headers: { apikey: env.SUPABASE_ANON_KEY, 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, type: response.headers.get('content-type'), body: text ? JSON.parse(text) : null };
}

const contact = (address: string, i: number) =>
  post('contact_messages', { name: 'Visiteur', email: 'visiteur@limits.test', subject: 'Rafale', message: `Message ${i}` }, { 'X-Forwarded-For': address });

describe('the contact form, per client address', () => {
  it('accepts five messages in a burst of eight and refuses the rest with 429 and a JSON error', async () => {
    const address = newAddress();
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => contact(address, i)));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(5);
    const refused = answers.filter((a) => a.status !== 201);
    expect(refused).toHaveLength(3);
    for (const answer of refused) {
      expect(answer.status).toBe(429);
      expect(answer.type).toMatch(/^application\/json/);
      expect(answer.body).toMatchObject({ code: 'PT429', message: 'Too many requests: try again later.' });
    }
  });

  it('never refuses before the limit, and another address is not held back', async () => {
    const address = newAddress();
    for (let i = 1; i <= 5; i++) expect((await contact(address, i)).status).toBe(201);
    expect((await contact(address, 6)).status).toBe(429);
    expect((await contact(newAddress(), 1)).status).toBe(201);
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

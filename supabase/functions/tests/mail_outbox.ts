// The stack's mail sandbox read back as the tests see it: its outbox (Resend's list and read
// routes) and its tests-only control that makes sends to one address fail.
import assert from 'node:assert/strict';
import { env } from './helpers.ts';

export interface ListedMail {
  id: string;
  to: string[];
  subject: string;
}

export interface SentMail {
  subject: string;
  to: string[];
  text: string;
  html: string;
}

const authorization = { Authorization: `Bearer ${env.mailApiKey}` };

/** Every mail of the sandbox's outbox (the list holds at most 100 per call, newest first). */
export async function outbox(): Promise<ListedMail[]> {
  const response = await fetch(`${env.mailApiUrl}/emails?limit=100`, { headers: authorization });
  assert.equal(response.status, 200);
  return (await response.json()).data;
}

export const mailsTo = async (email: string) => (await outbox()).filter((mail) => mail.to.includes(email));

export async function readMail(id: string): Promise<SentMail> {
  const response = await fetch(`${env.mailApiUrl}/emails/${id}`, { headers: authorization });
  return response.json();
}

/** Makes every send to `to` answer `status` (429, 500 or 503) until called again with null. */
export async function failSendsTo(to: string, status: 429 | 500 | 503 | null): Promise<void> {
  const response = await fetch(`${env.mailApiUrl}/__sandbox/recipient-fault`, { method: 'POST', body: JSON.stringify({ to, status }) });
  assert.equal(response.status, 200, await response.text());
}

// Shared by the mail sandbox's tests: one sandbox per test file over a throwaway folder, and the
// API called over real HTTP the way the functions' mail adapter calls it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { useFileFixture } from '../lib/file-fixture.ts';
import { newLocalApiKey, startMailSandbox, type MailSandbox } from './server.ts';

export const tempMailDir = () => mkdtempSync(join(tmpdir(), 'mail-sandbox-test-'));

export function startSandbox(dataDir: string, apiKey = newLocalApiKey()): Promise<MailSandbox> {
  return startMailSandbox({ port: 0, dataDir, apiKey });
}

/** Registers a test file's hooks: one sandbox over its own data dir for the whole file. */
export function useMailSandbox(): () => MailSandbox {
  const fixture = useFileFixture(
    async () => {
      const dir = tempMailDir();
      try {
        return { dir, sandbox: await startSandbox(dir) };
      } catch (error) {
        rmSync(dir, { recursive: true, force: true });
        throw error;
      }
    },
    async ({ dir, sandbox }) => {
      await sandbox.close();
      rmSync(dir, { recursive: true, force: true });
    },
  );
  return () => fixture().sandbox;
}

export interface ApiAnswer {
  status: number;
  // Tests read arbitrary fields of the answers.
  body: any;
}

/** Calls the API with the sandbox's key unless `key` says otherwise (null: no Authorization). */
export async function callApi(sandbox: MailSandbox, method: string, path: string, options: { body?: unknown; key?: string | null; headers?: Record<string, string> } = {}): Promise<ApiAnswer> {
  const key = options.key === undefined ? sandbox.apiKey : options.key;
  const response = await fetch(`${sandbox.url}${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', ...(key === null ? {} : { Authorization: `Bearer ${key}` }), ...options.headers },
    body: options.body === undefined ? undefined : typeof options.body === 'string' ? options.body : JSON.stringify(options.body),
  });
  return { status: response.status, body: await response.json() };
}

export const sendEmail = (sandbox: MailSandbox, body: unknown, options: { key?: string | null; idempotencyKey?: string } = {}) =>
  callApi(sandbox, 'POST', '/emails', { body, key: options.key, headers: options.idempotencyKey === undefined ? {} : { 'Idempotency-Key': options.idempotencyKey } });

/** A message the API accepts, as the shop's confirmation would look. */
export const confirmation = (to = 'client@lumiere-sacree.test') => ({
  from: 'Lumière Sacrée <boutique@lumiere-sacree.test>',
  to,
  subject: 'Votre commande n° 1042',
  html: '<p>Merci pour votre commande.</p>',
  text: 'Merci pour votre commande.',
});

export async function sentCount(sandbox: MailSandbox): Promise<number> {
  const { body } = await callApi(sandbox, 'GET', '/emails?limit=100');
  return body.data.length;
}

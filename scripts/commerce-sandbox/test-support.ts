// Shared by the sandbox's tests: a sandbox on an OS-chosen port over a throwaway data dir,
// and small HTTP helpers. Each test file stops what it starts.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { useFileFixture } from '../lib/file-fixture.ts';
import { startCommerceSandbox, type SandboxOptions } from './server.ts';

export type Sandbox = Awaited<ReturnType<typeof startCommerceSandbox>>;

export function tempDataDir(): { dir: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'commerce-sandbox-test-'));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

export function startSandbox(dataDir: string, options: Partial<SandboxOptions> = {}): Promise<Sandbox> {
  return startCommerceSandbox({ port: 0, dataDir, ...options });
}

/** Registers a test file's hooks: one sandbox over its own data dir for the whole file. */
export function useSandbox(): { readonly sandbox: Sandbox } {
  const fixture = useFileFixture(
    async () => {
      const data = tempDataDir();
      const sandbox = await startSandbox(data.dir).catch((error: Error) => {
        data.remove();
        throw error;
      });
      return { data, sandbox };
    },
    async ({ data, sandbox }) => {
      await sandbox.close();
      data.remove();
    },
  );
  return {
    get sandbox() {
      return fixture().sandbox;
    },
  };
}

export const storePath = (sandbox: Sandbox, rest: string) => `${sandbox.url}/store/${sandbox.storeId}${rest}`;

export async function getJson<T = Record<string, unknown>>(url: string): Promise<{ status: number; body: T }> {
  const response = await fetch(url);
  return { status: response.status, body: (await response.json()) as T };
}

export interface CheckoutItem {
  variant_id: string;
  quantity: unknown;
  [other: string]: unknown;
}

export async function postCheckout(sandbox: Sandbox, items: CheckoutItem[], extra: Record<string, unknown> = {}) {
  const response = await fetch(storePath(sandbox, '/checkout'), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      items,
      successUrl: 'http://shop.test/success',
      cancelUrl: 'http://shop.test/panier',
      locale: 'fr',
      timeZone: 'Europe/Paris',
      ...extra,
    }),
  });
  return { status: response.status, body: (await response.json()) as { url?: string; message?: string } };
}

export const buyerEmail = 'acheteuse@example.test';

/** Submits the payment page's form as a browser does (the buyer's e-mail typed), without following the redirect. */
export function submitPayment(paymentUrl: string, action: string, email = buyerEmail): Promise<Response> {
  return fetch(paymentUrl, { method: 'POST', body: new URLSearchParams({ email, action }), redirect: 'manual' });
}

/** The hosted page as a browser reads it: 200 while it can be paid, 409 with the reason once closed. */
export async function pageOf(paymentUrl: string): Promise<{ status: number; html: string }> {
  const response = await fetch(paymentUrl);
  return { status: response.status, html: await response.text() };
}

export async function stockOf(sandbox: Sandbox, productId: string, variantId: string): Promise<number | null> {
  const { body } = await getJson<{ variants: Array<{ id: string; inventory_quantity: number | null }> }>(
    storePath(sandbox, `/variants?fields=inventory_quantity&product_ids[]=${productId}`),
  );
  const variant = body.variants.find((v) => v.id === variantId);
  if (!variant) throw new Error(`variant ${variantId} not listed`);
  return variant.inventory_quantity;
}

/** A checkout of `items` paid through the hosted page as a buyer pays it, under `email`; answers the page's URL. */
export async function paidSession(sandbox: Sandbox, items: CheckoutItem[], email = buyerEmail): Promise<string> {
  const { body } = await postCheckout(sandbox, items);
  if (!body.url) throw new Error(`checkout refused: ${body.message}`);
  const paid = await submitPayment(body.url, 'pay', email);
  if (paid.status !== 303) throw new Error(`payment refused: HTTP ${paid.status}`);
  return body.url;
}

export async function postJson<T = Record<string, unknown>>(url: string, body: unknown): Promise<{ status: number; body: T }> {
  const response = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  return { status: response.status, body: (await response.json()) as T };
}

// Shared by the Stripe sandbox's tests: one sandbox per test file, called only as the shop will
// call Stripe, through the official SDK (plus plain fetch for the hosted page, and the tests-only
// controls through sandbox-controls.ts), and a local webhook receiver that records what Stripe
// POSTs and lets a test await a delivery instead of sleeping.
import { createServer, type IncomingMessage } from 'node:http';
import Stripe from 'stripe';
import { useFileFixture } from '../lib/file-fixture.ts';
import { listen } from '../lib/listen.ts';
import { newLocalSecretKey } from './ids.ts';
import { stripeAt } from './sdk-client.ts';
import { startStripeSandbox, type StripeSandbox, type StripeSandboxOptions } from './server.ts';

/** Short retries, so that a test of a failing webhook takes milliseconds. */
const testRetryDelaysMs = [20, 40, 80];

/** The SDK as the shop configures it, pointed at the sandbox (sdk-client.ts). */
export const stripeClient = (sandbox: StripeSandbox, key = sandbox.secretKey): Stripe => stripeAt(sandbox.url, key);

export interface SandboxFixture {
  sandbox: StripeSandbox;
  stripe: Stripe;
}

/** Registers a test file's hooks: one sandbox for the whole file. */
export function useStripeSandbox(options: Partial<StripeSandboxOptions> = {}): () => SandboxFixture {
  return useFileFixture(
    async () => {
      const sandbox = await startStripeSandbox({ port: 0, secretKey: newLocalSecretKey(), retryDelaysMs: testRetryDelaysMs, ...options });
      return { sandbox, stripe: stripeClient(sandbox) };
    },
    ({ sandbox }) => sandbox.close(),
  );
}

/** A line as the shop sends it: a price made on the fly, in euros. */
export const line = (name: string, unitAmount: number, quantity = 1): Stripe.Checkout.SessionCreateParams.LineItem => ({
  price_data: { currency: 'eur', unit_amount: unitAmount, product_data: { name, metadata: { slug: name.toLowerCase().replaceAll(' ', '-') } } },
  quantity,
});

export const successUrl = 'http://shop.test/commande/merci?session_id={CHECKOUT_SESSION_ID}';
export const cancelUrl = 'http://shop.test/panier';
export const buyerEmail = 'acheteuse@example.test';

/** A Checkout Session as the shop would open one: a candle at 29,00 €. */
export function openSession(stripe: Stripe, extra: Partial<Stripe.Checkout.SessionCreateParams> = {}, options?: Stripe.RequestOptions) {
  return stripe.checkout.sessions.create(
    { mode: 'payment', line_items: [line('Bougie de méditation', 2900)], success_url: successUrl, cancel_url: cancelUrl, customer_email: buyerEmail, ...extra },
    options,
  );
}

export type PageChoice = 'card' | 'card_declined' | 'sepa_debit';

/** Submits the hosted page's form as a browser does, without following the redirect. */
export function submitPage(sessionUrl: string, choice: PageChoice, fields: Record<string, string> = {}): Promise<Response> {
  return fetch(sessionUrl, { method: 'POST', body: new URLSearchParams({ choice, ...fields }), redirect: 'manual' });
}

/** A session paid on its hosted page by `choice`; answers the session as the API then shows it. */
export async function paidSession(stripe: Stripe, choice: 'card' | 'sepa_debit' = 'card', extra: Partial<Stripe.Checkout.SessionCreateParams> = {}): Promise<Stripe.Checkout.Session> {
  const session = await openSession(stripe, extra);
  const answer = await submitPage(session.url!, choice);
  if (answer.status !== 303) throw new Error(`the hosted page refused the payment: HTTP ${answer.status}`);
  return stripe.checkout.sessions.retrieve(session.id);
}

export interface Delivery {
  body: string;
  signature: string;
  contentType: string;
  event: { id: string; type: string; created: number; data: { object: { id: string; [property: string]: unknown } } };
}

export interface WebhookReceiver {
  url: string;
  received: Delivery[];
  /** The first delivery (already received or still to come) that `matches`. */
  waitFor(matches: (delivery: Delivery) => boolean): Promise<Delivery>;
  /** The next `count` deliveries are answered `status` instead of 200. */
  failNext(count: number, status: number): void;
  close(): Promise<void>;
}

/** A webhook endpoint of the shop's, on this machine: it records every POST and answers 200. */
export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: Delivery[] = [];
  const waiting: Array<{ matches: (delivery: Delivery) => boolean; resolve: (delivery: Delivery) => void }> = [];
  let failures: { count: number; status: number } = { count: 0, status: 200 };
  const bodyOf = async (req: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  };
  const server = createServer((req, res) => {
    void bodyOf(req).then((body) => {
      if (failures.count > 0) {
        failures.count -= 1;
        res.writeHead(failures.status).end('down');
        return;
      }
      const delivery: Delivery = { body, signature: String(req.headers['stripe-signature']), contentType: String(req.headers['content-type']), event: JSON.parse(body) as Delivery['event'] };
      received.push(delivery);
      res.writeHead(200).end('ok');
      for (const waiter of waiting.filter((candidate) => candidate.matches(delivery))) {
        waiting.splice(waiting.indexOf(waiter), 1);
        waiter.resolve(delivery);
      }
    });
  });
  const url = `${await listen(server, 0)}/stripe-webhook`;
  return {
    url,
    received,
    waitFor: (matches) => {
      const already = received.find(matches);
      return already ? Promise.resolve(already) : new Promise((resolve) => waiting.push({ matches, resolve }));
    },
    failNext: (count, status) => {
      failures = { count, status };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Whether a delivery carries the event of `type` about the object `objectId`. */
export const deliveryOf = (type: string, objectId: string) => (delivery: Delivery) => delivery.event.type === type && delivery.event.data.object.id === objectId;

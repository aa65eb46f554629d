// The commerce sandbox: plays the external commerce service offline (its README.md).
// Store API for one store, hosted payment page, product images, fault injection. The digital
// files are not the store's to serve: they live in the shop's private bucket.
import { createServer, STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';
import { gzipSync } from 'node:zlib';
import { randomBytes, randomUUID } from 'node:crypto';
import { seedBySlug } from './catalogue.ts';
import { productImageSvg } from './images.ts';
import { closedPage, notFoundPage, paymentPage, stockGonePage } from './payment-page.ts';
import { SandboxState } from './state.ts';
import { ecommerceApi } from './hostinger/ecommerce-api.ts';
import { ecommercePrefix } from './hostinger/openapi.ts';
import { apiTimestamp, type RefundInstruction } from './hostinger/orders.ts';
import { createCheckout, getProduct, HttpError, listProducts, listVariants, type ApiAnswer } from './store-api.ts';
import { inFlightLimit, maxInFlightSetting, waitBoundSetting, type WaitBound } from '../lib/in-flight-limit.ts';
import { listen } from '../lib/listen.ts';

export interface SandboxOptions {
  port: number;
  host?: string;
  dataDir: string;
  storeId?: string;
  /** The Bearer token the Ecommerce API accepts; by default one made at start, which the returned handle tells. */
  apiToken?: string;
  publicUrl?: string;
  sessionTtlMs?: number;
  /** Requests worked on at once before the next is refused with 503; by default SHOP_COMMERCE_MAX_IN_FLIGHT or 1,000. */
  maxInFlight?: number;
  /** The standing wait past which new requests are refused with 503; by default SHOP_COMMERCE_MAX_WAIT_MS and SHOP_COMMERCE_WAIT_INTERVAL_MS, or 250 ms over 250 ms. */
  waitBound?: WaitBound;
}

export type FaultMode = 'none' | 'down' | 'error' | 'garbage' | 'slow' | 'throttled';
const faultModes: FaultMode[] = ['none', 'down', 'error', 'garbage', 'slow', 'throttled'];
const cors = { 'Access-Control-Allow-Origin': '*', 'Access-Control-Allow-Methods': 'GET, POST, OPTIONS', 'Access-Control-Allow-Headers': 'content-type, authorization, accept', 'Access-Control-Max-Age': '600' };
// The hosted page asks the buyer's e-mail, as Hostinger's checkout does: the order carries it.
const plausibleEmail = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

// Text answers (the catalogue's JSON, pages, SVG images) are gzipped for clients that accept it, as
// a hosted provider would serve them.
const compressible = /^(application\/json|text\/html|image\/svg\+xml)/;
const compressAbove = 1024;

function send(res: ServerResponse, status: number, body: string | Buffer, type: string, headers: Record<string, string> = {}): void {
  const gzip = compressible.test(type) && Buffer.byteLength(body) > compressAbove && /\bgzip\b/.test(String(res.req.headers['accept-encoding'] ?? ''));
  if (gzip) body = gzipSync(body);
  const encoding: Record<string, string> = gzip ? { 'Content-Encoding': 'gzip', Vary: 'Accept-Encoding' } : {};
  res.writeHead(status, STATUS_CODES[status] ?? '', { 'Content-Type': type, 'Content-Length': Buffer.byteLength(body), ...encoding, ...cors, ...headers });
  // HEAD answers the same headers without the body (download managers probe files this way).
  res.end(res.req.method === 'HEAD' ? undefined : body);
}

const sendJson = (res: ServerResponse, answer: ApiAnswer) => send(res, answer.status, JSON.stringify(answer.body), 'application/json; charset=utf-8');
const sendHtml = (res: ServerResponse, status: number, html: string) => send(res, status, html, 'text/html; charset=utf-8');

async function readJsonBody(req: IncomingMessage): Promise<unknown> {
  const text = await readBody(req);
  try {
    return JSON.parse(text);
  } catch {
    throw new HttpError(400, 'the body is not valid JSON');
  }
}

async function readBody(req: IncomingMessage, limit = 64 * 1024): Promise<string> {
  let size = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) throw new HttpError(413, 'request body too large');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

const readOnly = (req: IncomingMessage) => req.method === 'GET' || req.method === 'HEAD';

export async function startCommerceSandbox(options: SandboxOptions): Promise<{ url: string; storeId: string; apiToken: string; close(): Promise<void> }> {
  const storeId = options.storeId ?? 'store_lumiere_sacree';
  const apiToken = options.apiToken ?? `hapi_${randomBytes(24).toString('hex')}`;
  const startedAt = apiTimestamp(new Date());
  const state = new SandboxState(options.dataDir, options.sessionTtlMs ?? 24 * 60 * 60 * 1000);
  let fault: FaultMode = faultModes.includes(process.env.COMMERCE_FAULT as FaultMode) ? (process.env.COMMERCE_FAULT as FaultMode) : 'none';
  let base = options.publicUrl ?? '';

  /** The injected fault, if any; true when it has answered (or dropped) the request. */
  async function faulted(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
    // Down: the connection drops with no answer, as a client sees a service that is not there.
    if (fault === 'down') return (req.socket.destroy(), true);
    if (fault === 'error') return (sendJson(res, { status: 500, body: { message: 'injected fault' } }), true);
    if (fault === 'garbage') return (send(res, 200, '<html>upstream hiccup', 'application/json'), true);
    if (fault === 'slow') await new Promise((r) => setTimeout(r, 5000));
    // Past the rate limit: 429 in the API's error shape, with when to come back.
    if (fault === 'throttled') return (send(res, 429, JSON.stringify({ message: 'Too Many Attempts.', correlation_id: randomUUID() }), 'application/json', { 'Retry-After': '30' }), true);
    return false;
  }

  async function storeApi(req: IncomingMessage, res: ServerResponse, parts: string[], query: URLSearchParams): Promise<void> {
    if (await faulted(req, res)) return;
    const [store, resource, id] = parts;
    if (store !== storeId) throw new HttpError(404, `store ${store} not found`);
    if (req.method === 'GET' && resource === 'products' && !id) return sendJson(res, listProducts(query, base, state));
    if (req.method === 'GET' && resource === 'products' && id) return sendJson(res, getProduct(id, base, state));
    if (req.method === 'GET' && resource === 'variants' && !id) return sendJson(res, listVariants(query, state));
    if (req.method === 'POST' && resource === 'checkout' && !id) return sendJson(res, createCheckout(await readJsonBody(req), base, state));
    throw new HttpError(404, 'no such resource');
  }

  async function payment(req: IncomingMessage, res: ServerResponse, sessionId: string): Promise<void> {
    const session = state.get(sessionId);
    if (!session) return sendHtml(res, 404, notFoundPage());
    const status = state.statusOf(session);
    if (req.method === 'GET') return status === 'open' ? sendHtml(res, 200, paymentPage(session)) : sendHtml(res, 409, closedPage(status));
    const form = new URLSearchParams(await readBody(req));
    const action = form.get('action');
    if (status !== 'open') return sendHtml(res, 409, closedPage(status));
    if (action === 'pay') {
      const email = form.get('email')?.trim() ?? '';
      if (!plausibleEmail.test(email)) return sendHtml(res, 400, paymentPage(session, { email, missingEmail: true }));
      const paid = state.pay(session, email);
      if (!paid.ok) return sendHtml(res, 409, stockGonePage());
      // Back to the shop's own success address as it gave it: Hostinger adds nothing to it.
      return send(res, 303, '', 'text/plain', { Location: session.success_url });
    }
    if (action === 'refuse') {
      state.refuse(session);
      return sendHtml(res, 200, paymentPage(session, { email: form.get('email') ?? '' }));
    }
    if (action === 'cancel') {
      state.cancel(session);
      return send(res, 303, '', 'text/plain', { Location: session.cancel_url });
    }
    throw new HttpError(400, 'action must be pay, refuse or cancel');
  }

  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://sandbox');
    const parts = url.pathname.split('/').filter(Boolean).map(decodeURIComponent);
    if (req.method === 'OPTIONS') return send(res, 204, '', 'text/plain');
    if (parts[0] === 'store') return storeApi(req, res, parts.slice(1), url.searchParams);
    if (url.pathname.startsWith(`${ecommercePrefix}/`)) {
      if (await faulted(req, res)) return;
      const request = { method: req.method ?? 'GET', pathname: url.pathname, query: url.searchParams, authorization: req.headers.authorization ?? null, bodyText: await readBody(req) };
      return sendJson(res, ecommerceApi(request, state, { storeId, storeName: 'Lumière Sacrée', apiToken, createdAt: startedAt, baseUrl: base }));
    }
    if (parts[0] === 'pay' && parts.length === 2) return payment(req, res, parts[1]!);
    if (parts[0] === 'images' && parts.length === 2 && readOnly(req)) {
      const [, slug, n] = /^([a-z0-9-]+)-(\d{1,2})\.svg$/.exec(parts[1]!) ?? [];
      const seed = slug ? seedBySlug.get(slug) : undefined;
      if (!seed || Number(n) < 1 || Number(n) > seed.imageCount) throw new HttpError(404, 'no such image');
      return send(res, 200, productImageSvg(seed.slug, seed.title, Number(n)), 'image/svg+xml', { 'Cache-Control': 'public, max-age=86400' });
    }
    // The tests' controls: loopback only, like the admin endpoints a real service never exposes.
    if (parts[0] === '__sandbox' && req.method === 'POST') {
      const remote = req.socket.remoteAddress ?? '';
      if (!['127.0.0.1', '::1', '::ffff:127.0.0.1'].includes(remote)) throw new HttpError(404, 'no such resource');
      // hPanel's refund and cancel, played on an order of the Ecommerce API.
      if (parts[1] === 'orders' && parts.length === 4 && (parts[3] === 'refund' || parts[3] === 'cancel')) {
        const order = state.order(parts[2]!);
        if (!order) throw new HttpError(404, 'no such order');
        const result = parts[3] === 'cancel' ? state.cancelOrder(order) : state.refundOrder(order, ((await readJsonBody(req)) ?? {}) as RefundInstruction);
        if (!result.ok) throw new HttpError(409, result.message);
        return sendJson(res, { status: 200, body: { data: order } });
      }
      if (parts.length !== 2) throw new HttpError(404, 'no such resource');
      const body = (await readJsonBody(req)) as { mode?: unknown } | null;
      if (parts[1] === 'fault') {
        const mode = body?.mode;
        if (!faultModes.includes(mode as FaultMode)) throw new HttpError(400, `mode must be one of ${faultModes.join(', ')}`);
        fault = mode as FaultMode;
        return sendJson(res, { status: 200, body: { mode } });
      }
    }
    throw new HttpError(404, 'no such resource');
  }

  // Like a hosted provider under too much load: 503 with Retry-After at once once a queue stands.
  const limit = inFlightLimit(options.maxInFlight ?? maxInFlightSetting('SHOP_COMMERCE_MAX_IN_FLIGHT', 1000), options.waitBound ?? waitBoundSetting('SHOP_COMMERCE'), 'The commerce service');
  const server = createServer((req, res) => {
    if (!limit.admit(res, { headers: cors })) return;
    route(req, res).catch((error: Error) => {
      const status = error instanceof HttpError ? error.status : 500;
      if (status === 500) console.error(`[commerce-sandbox] ${req.method} ${req.url}: ${error.stack}`);
      if (!res.headersSent) sendJson(res, { status, body: { message: status === 500 ? 'internal error' : error.message } });
    });
  });
  const url = await listen(server, options.port, options.host);
  base ||= url;
  return {
    url,
    storeId,
    apiToken,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

// The Stripe sandbox: plays Stripe's API offline for one test-mode account (its README.md): the
// API under /v1 (api.ts), the hosted Checkout page at /c/pay/{session} (checkout-page.ts), signed
// webhooks to the endpoints registered (webhook-delivery.ts), and the tests-only controls under
// /__sandbox/ on loopback (controls.ts). Before each request, what the clock has made due is
// settled: open sessions past their `expires_at` expire, events older than 30 days and idempotency
// keys older than 24 hours are forgotten. No timer runs but the webhooks' retries, stopped by close.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { apiRoutes, serveApi } from './api.ts';
import { expireDueSessions } from './checkout-sessions.ts';
import { showPage, submitPage, type PageAnswer } from './checkout-page.ts';
import { serveControl } from './controls.ts';
import { apiErrors, StripeApiError } from './errors.ts';
import { paymentPageHeaders } from './payment-page.ts';
import { SandboxState } from './state.ts';
import { defaultDeliveryOptions } from './webhook-delivery.ts';
import { listen } from '../lib/listen.ts';
import { readBody, sendJson } from '../stack/http.ts';

export interface StripeSandboxOptions {
  port: number;
  host?: string;
  /** The only key the API accepts (`sk_test_…`). */
  secretKey: string;
  /** Where the hosted pages are reached, when not at the address the sandbox listens on. */
  publicUrl?: string;
  /** The waits before each retry of a failed webhook delivery (default 0.5 s, 1 s, 2 s, 4 s, 8 s: six attempts). */
  retryDelaysMs?: number[];
  /** How long a webhook delivery waits for the endpoint's answer (default 10 s). */
  webhookTimeoutMs?: number;
}

export interface StripeSandbox {
  url: string;
  secretKey: string;
  close(): Promise<void>;
}

const loopback = (req: IncomingMessage) => ['127.0.0.1', '::1', '::ffff:127.0.0.1'].includes(req.socket.remoteAddress ?? '');

function sendPage(res: ServerResponse, answer: PageAnswer): void {
  if ('location' in answer) {
    res.writeHead(303, { Location: answer.location, 'Cache-Control': 'no-store', 'Content-Length': 0 });
    return void res.end();
  }
  res.writeHead(answer.status, { ...paymentPageHeaders, 'Content-Length': Buffer.byteLength(answer.html) });
  res.end(answer.html);
}

export async function startStripeSandbox(options: StripeSandboxOptions): Promise<StripeSandbox> {
  const state = new SandboxState({
    retryDelaysMs: options.retryDelaysMs ?? defaultDeliveryOptions.retryDelaysMs,
    timeoutMs: options.webhookTimeoutMs ?? defaultDeliveryOptions.timeoutMs,
  });
  let publicUrl = options.publicUrl ?? '';
  const routes = apiRoutes(state, (sessionId) => `${publicUrl}/c/pay/${sessionId}`);

  function settleDue(): void {
    const now = state.clock.now();
    expireDueSessions(state);
    state.events.forgetBefore(now);
    state.idempotencyKeys.forgetBefore(now);
  }

  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://sandbox');
    const parts = url.pathname.split('/').filter(Boolean);
    settleDue();
    if (parts[0] === 'v1') return serveApi(req, res, url.pathname, url.search.slice(1), { state, secretKey: options.secretKey, routes });
    if (parts[0] === 'c' && parts[1] === 'pay' && parts.length === 3 && (req.method === 'GET' || req.method === 'POST')) {
      const sessionId = decodeURIComponent(parts[2]!);
      if (req.method === 'GET') return sendPage(res, showPage(state, sessionId));
      return sendPage(res, submitPage(state, sessionId, new URLSearchParams((await readBody(req)).toString('utf8'))));
    }
    if (parts[0] === '__sandbox' && loopback(req)) {
      try {
        const { status, body } = await serveControl(req, url.pathname, url.searchParams, state, settleDue);
        return sendJson(res, status, body);
      } catch (error) {
        if (error instanceof StripeApiError) return sendJson(res, error.status, error.body);
        throw error;
      }
    }
    const missing = apiErrors.unrecognizedUrl(req.method ?? 'GET', url.pathname);
    sendJson(res, missing.status, missing.body);
  }

  const server = createServer((req, res) => {
    route(req, res).catch((error: Error) => {
      console.error(`[stripe-sandbox] ${req.method} ${req.url}: ${error.stack}`);
      if (!res.headersSent) sendJson(res, 500, { error: { type: 'api_error', message: `The Stripe sandbox failed: ${error.message}` } });
    });
  });
  const url = await listen(server, options.port, options.host);
  publicUrl ||= url;
  return {
    url,
    secretKey: options.secretKey,
    close: async () => {
      await state.deliveries.close();
      await new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      });
    },
  };
}

// The API under /v1, as Stripe serves it: the secret key (`Authorization: Bearer sk_test_…`, or
// Basic with the key as user name, as curl -u sends it), the API version (Stripe-Version), the
// parameters (form.ts, params.ts), idempotency keys on POSTs (idempotency.ts), then the endpoint.
// Every answer, errors included, goes through the schema check it names before it is sent
// (answer-check.ts), with Stripe's headers: Request-Id, Stripe-Version, Idempotency-Key and, on a
// replay, Idempotent-Replayed and Original-Request.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { checked, checkedList, driftAnswer, SchemaDrift } from './answer-check.ts';
import type { ApiAnswer, ApiCall } from './api-types.ts';
import { apiVersion } from './api-version.ts';
import { checkoutSessionsApi } from './checkout-sessions.ts';
import { apiErrors, StripeApiError } from './errors.ts';
import { eventsApi } from './events.ts';
import { parseForm } from './form.ts';
import { randomChars } from './ids.ts';
import { Params } from './params.ts';
import { paymentsApi } from './payments.ts';
import { refundsApi } from './refunds.ts';
import type { SandboxState } from './state.ts';
import { readBody } from '../stack/http.ts';

export interface Route {
  method: string;
  pattern: RegExp;
  endpoint: (call: ApiCall) => ApiAnswer;
}

export const route = (method: string, template: string, endpoint: (call: ApiCall) => ApiAnswer): Route => ({
  method,
  pattern: new RegExp(`^${template.replace('{id}', '([^/]+)')}$`),
  endpoint,
});

export function apiRoutes(state: SandboxState, pageUrl: (sessionId: string) => string): Route[] {
  const sessions = checkoutSessionsApi(state, pageUrl);
  const refunds = refundsApi(state);
  const payments = paymentsApi(state);
  const events = eventsApi(state.events);
  const endpoints = state.endpoints;
  return [
    route('POST', '/v1/checkout/sessions', sessions.create),
    route('GET', '/v1/checkout/sessions', sessions.list),
    route('GET', '/v1/checkout/sessions/{id}', sessions.retrieve),
    route('GET', '/v1/checkout/sessions/{id}/line_items', sessions.lineItems),
    route('POST', '/v1/checkout/sessions/{id}/expire', sessions.expire),
    route('POST', '/v1/refunds', refunds.create),
    route('GET', '/v1/refunds', refunds.list),
    route('GET', '/v1/refunds/{id}', refunds.retrieve),
    route('GET', '/v1/payment_intents/{id}', payments.retrievePaymentIntent),
    route('GET', '/v1/charges/{id}', payments.retrieveCharge),
    route('GET', '/v1/events', events.list),
    route('GET', '/v1/events/{id}', events.retrieve),
    route('POST', '/v1/webhook_endpoints', (call) => endpoints.create(call)),
    route('GET', '/v1/webhook_endpoints', (call) => endpoints.list(call)),
    route('GET', '/v1/webhook_endpoints/{id}', (call) => endpoints.retrieve(call)),
    route('DELETE', '/v1/webhook_endpoints/{id}', (call) => endpoints.delete(call)),
  ];
}

/** The key a request carries: `Bearer <key>`, or Basic auth with the key as user name. */
function keyOf(req: IncomingMessage): string | undefined {
  const [scheme, credentials] = (req.headers.authorization ?? '').trim().split(/\s+/, 2);
  if (!credentials) return undefined;
  if (/^bearer$/i.test(scheme!)) return credentials;
  if (/^basic$/i.test(scheme!)) return Buffer.from(credentials, 'base64').toString('utf8').split(':')[0] || undefined;
  return undefined;
}

/** The body an answer sends, once its check passed. */
function checkedBody(answer: ApiAnswer): unknown {
  if ('schema' in answer) return checked(answer.schema, answer.body);
  if ('list' in answer) return checkedList(answer.list, answer.body);
  return answer.body;
}

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string>): void {
  // Stripe indents its JSON by two spaces.
  const text = JSON.stringify(body, null, 2);
  res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text), 'Cache-Control': 'no-cache, no-store', ...headers });
  res.end(text);
}

export interface ApiServing {
  state: SandboxState;
  secretKey: string;
  routes: Route[];
}

/** The status and body an error answers: Stripe's error shape, or a 500 when an answer drifted. */
function errorAnswer(error: unknown): { status: number; body: unknown } {
  try {
    if (error instanceof StripeApiError) return { status: error.status, body: checked('error', error.body) };
  } catch (drift) {
    error = drift;
  }
  if (error instanceof SchemaDrift) return driftAnswer(error);
  throw error;
}

/** Answers one request under /v1. */
export async function serveApi(req: IncomingMessage, res: ServerResponse, pathname: string, query: string, { state, secretKey, routes }: ApiServing): Promise<void> {
  const requestId = `req_${randomChars(14)}`;
  const headers: Record<string, string> = { 'Request-Id': requestId, 'Stripe-Version': apiVersion };
  const idempotencyKey = req.method === 'POST' && typeof req.headers['idempotency-key'] === 'string' ? req.headers['idempotency-key'] : null;
  if (idempotencyKey !== null) headers['Idempotency-Key'] = idempotencyKey;
  let answer: { status: number; body: unknown };
  try {
    const key = keyOf(req);
    if (key === undefined) throw apiErrors.noApiKey();
    if (key !== secretKey) throw apiErrors.invalidApiKey(key);
    const askedVersion = req.headers['stripe-version'];
    if (typeof askedVersion === 'string' && askedVersion !== apiVersion) throw apiErrors.otherApiVersion(askedVersion, apiVersion);
    const found = routes.map((candidate) => ({ candidate, match: candidate.method === req.method ? candidate.pattern.exec(pathname) : null })).find(({ match }) => match);
    if (!found) throw apiErrors.unrecognizedUrl(req.method ?? 'GET', pathname);
    const form = parseForm(req.method === 'POST' ? (await readBody(req)).toString('utf8') : query);
    const endpoint = `${req.method} ${pathname}`;
    if (idempotencyKey !== null) {
      const replayed = state.idempotencyKeys.replay(idempotencyKey, endpoint, form);
      if (replayed) return send(res, replayed.status, replayed.body, { ...headers, 'Idempotent-Replayed': 'true', 'Original-Request': replayed.requestId });
    }
    try {
      const call: ApiCall = { params: new Params(form), id: decodeURIComponent(found.match![1] ?? ''), origin: { id: requestId, idempotency_key: idempotencyKey } };
      const answered = found.candidate.endpoint(call);
      answer = { status: 200, body: checkedBody(answered) };
    } catch (error) {
      // Refused while its parameters were read: nothing ran, nothing is kept for the key.
      if (error instanceof StripeApiError && error.beforeExecution) throw error;
      answer = errorAnswer(error);
    }
    if (idempotencyKey !== null) state.idempotencyKeys.keep(idempotencyKey, endpoint, form, { ...answer, requestId }, state.clock.now());
  } catch (error) {
    answer = errorAnswer(error);
  }
  send(res, answer.status, answer.body, headers);
}

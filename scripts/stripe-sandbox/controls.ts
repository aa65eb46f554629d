// The tests-only controls under /__sandbox/ (loopback only, no key; JSON bodies): what happens at
// Stripe or in its Dashboard rather than through the API, and what only a test needs to see.
//   POST /__sandbox/clock/advance { seconds }                   the double's clock moves on
//   POST /__sandbox/checkout/sessions/{id}/expire               the session reaches its expires_at now
//   POST /__sandbox/payment_intents/{id}/settle { outcome }     a SEPA debit succeeds or fails
//   POST /__sandbox/payment_intents/{id}/dispute { reason?, amount? }   the cardholder disputes it
//   POST /__sandbox/disputes/{id}/close { outcome }             the bank decides: won or lost
//   POST /__sandbox/refunds { payment_intent | charge, amount?, reason?, metadata? }   a Dashboard refund
//   POST /__sandbox/events/{id}/redeliver { endpoint? }         the Dashboard's "Resend"
//   POST /__sandbox/webhook_endpoints/{id}/pause | resume       the shop's webhook down, then back
//   GET  /__sandbox/deliveries?event=&endpoint=                 every delivery attempt made
//   GET  /__sandbox/deliveries/next?event=&endpoint=&delivered=&timeout_ms=   the first attempt
//        that matches, made or awaited (null past the timeout, 10 s by default, 60 s at most)
// Errors keep Stripe's shape. sandbox-controls.ts is their client.
import type { IncomingMessage } from 'node:http';
import { checked } from './answer-check.ts';
import { existingSession, expireSession } from './checkout-sessions.ts';
import { closeDispute, openDispute } from './disputes.ts';
import { apiErrors, paramErrors, StripeApiError } from './errors.ts';
import { noRequest } from './events.ts';
import { formOfJson } from './form.ts';
import { randomChars } from './ids.ts';
import { Params } from './params.ts';
import { settleDebit } from './payments.ts';
import { createRefund } from './refunds.ts';
import { eventBody, type SandboxState } from './state.ts';
import { readBody } from '../stack/http.ts';

export interface ControlAnswer {
  status: number;
  body: unknown;
}

async function jsonParams(req: IncomingMessage): Promise<Params> {
  const text = (await readBody(req)).toString('utf8').trim();
  try {
    return new Params(formOfJson(text === '' ? {} : JSON.parse(text)));
  } catch (error) {
    if (error instanceof StripeApiError) throw error;
    throw paramErrors.invalid('body', 'The body of a control is JSON.');
  }
}

/** Answers one control; `settleDue` settles what the clock has made due (after the clock moved). */
export async function serveControl(req: IncomingMessage, pathname: string, query: URLSearchParams, state: SandboxState, settleDue: () => void): Promise<ControlAnswer> {
  const parts = pathname.split('/').filter(Boolean).map(decodeURIComponent).slice(1);
  const [resource, id, action] = parts;
  const ok = (body: unknown) => ({ status: 200, body });
  if (req.method === 'GET' && resource === 'deliveries' && parts.length === 1) {
    return ok({ data: state.deliveries.attempts({ event: query.get('event') ?? undefined, endpoint: query.get('endpoint') ?? undefined }) });
  }
  if (req.method === 'GET' && resource === 'deliveries' && id === 'next' && parts.length === 2) {
    const delivered = query.get('delivered');
    if (delivered !== null && delivered !== 'true' && delivered !== 'false') throw paramErrors.invalid('delivered', 'delivered is true or false.');
    const timeoutMs = Number(query.get('timeout_ms') ?? 10_000);
    if (!Number.isInteger(timeoutMs) || timeoutMs < 1 || timeoutMs > 60_000) throw paramErrors.invalid('timeout_ms', 'timeout_ms is a number of milliseconds from 1 to 60000.');
    const filter = { event: query.get('event') ?? undefined, endpoint: query.get('endpoint') ?? undefined, delivered: delivered === null ? undefined : delivered === 'true' };
    return ok({ attempt: await state.deliveries.next(filter, timeoutMs) });
  }
  if (req.method !== 'POST') throw apiErrors.unrecognizedUrl(req.method ?? 'GET', pathname);
  const params = await jsonParams(req);
  if (resource === 'clock' && id === 'advance' && parts.length === 2) {
    const seconds = params.requiredInteger('seconds');
    params.refuseUnread();
    if (seconds < 1) throw paramErrors.invalid('seconds', 'The clock only moves forward: seconds must be at least 1.');
    state.clock.advance(seconds);
    settleDue();
    return ok({ now: state.clock.now() });
  }
  if (resource === 'checkout' && id === 'sessions' && parts[3] === 'expire' && parts.length === 4) {
    params.refuseUnread();
    const record = existingSession(state, parts[2]!);
    if (record.session.status !== 'open') throw apiErrors.state(`This Checkout Session is ${record.session.status}: only an open session expires.`);
    expireSession(state, record, noRequest);
    return ok(checked('checkout.session', record.session));
  }
  if (resource === 'payment_intents' && id && action === 'settle' && parts.length === 3) {
    const outcome = params.enumValue('outcome', ['succeeded', 'failed'] as const);
    params.refuseUnread();
    if (outcome === undefined) throw paramErrors.missing('outcome');
    return ok(checked('payment_intent', settleDebit(state, id, outcome)));
  }
  if (resource === 'payment_intents' && id && action === 'dispute' && parts.length === 3) return ok(checked('dispute', openDispute(state, id, params)));
  if (resource === 'disputes' && id && action === 'close' && parts.length === 3) return ok(checked('dispute', closeDispute(state, id, params)));
  if (resource === 'refunds' && parts.length === 1) {
    // Made by a person in the Dashboard: a request of its own, no idempotency key.
    return ok(checked('refund', createRefund(state, params, { id: `req_${randomChars(14)}`, idempotency_key: null })));
  }
  if (resource === 'events' && id && action === 'redeliver' && parts.length === 3) {
    const endpointId = params.string('endpoint');
    params.refuseUnread();
    const event = state.events.get(id);
    if (!event) throw apiErrors.resourceMissing('event', id, 'id');
    const targets = endpointId === undefined ? state.endpoints.subscribedTo(event.type) : [state.endpoints.get(endpointId)].filter((target) => target !== undefined);
    if (endpointId !== undefined && targets.length === 0) throw apiErrors.resourceMissing('webhook_endpoint', endpointId, 'endpoint');
    state.deliveries.redeliver(event, eventBody(event), targets);
    return ok({ event: event.id, endpoints: targets.map(({ endpoint }) => endpoint.id) });
  }
  if (resource === 'webhook_endpoints' && id && (action === 'pause' || action === 'resume') && parts.length === 3) {
    params.refuseUnread();
    if (!state.endpoints.get(id)) throw apiErrors.resourceMissing('webhook_endpoint', id, 'webhook_endpoint');
    if (action === 'pause') state.deliveries.pause(id);
    else state.deliveries.resume(id);
    return ok({ endpoint: id, paused: action === 'pause' });
  }
  throw apiErrors.unrecognizedUrl('POST', pathname);
}

// The client of the Stripe sandbox's tests-only controls (server.ts, controls.ts: `/__sandbox/…`),
// for the sandbox's own tests and, later, the shop's: web APIs only, so that Node and Deno share
// this one client. Each call throws with the control's answer when it is refused.
import type { AttemptFilter, DeliveryAttempt } from './webhook-delivery.ts';

/** What a test reads of the Stripe objects the controls answer. */
export interface ControlledObject {
  id: string;
  object: string;
  status: string | null;
  [property: string]: unknown;
}

async function control<T>(sandboxUrl: string, method: 'GET' | 'POST', path: string, body?: object): Promise<T> {
  const response = await fetch(`${sandboxUrl}/__sandbox/${path}`, {
    method,
    headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`Stripe sandbox control ${method} ${path}: HTTP ${response.status} ${text}`);
  return JSON.parse(text) as T;
}

const segment = encodeURIComponent;

/** Moves the sandbox's clock forward; what falls due (sessions past `expires_at`, old events) is settled at once. */
export const advanceClock = (sandboxUrl: string, seconds: number) => control<{ now: number }>(sandboxUrl, 'POST', 'clock/advance', { seconds });

/** The session reaches its `expires_at` now: `checkout.session.expired`. */
export const expireSessionNow = (sandboxUrl: string, sessionId: string) => control<ControlledObject>(sandboxUrl, 'POST', `checkout/sessions/${segment(sessionId)}/expire`);

/** A SEPA debit in `processing` succeeds or fails, as the bank answers days later. */
export const settleDebit = (sandboxUrl: string, paymentIntentId: string, outcome: 'succeeded' | 'failed') =>
  control<ControlledObject>(sandboxUrl, 'POST', `payment_intents/${segment(paymentIntentId)}/settle`, { outcome });

/** The cardholder disputes the payment: `charge.dispute.created`, the dispute `needs_response`. */
export const openDispute = (sandboxUrl: string, paymentIntentId: string, options: { reason?: string; amount?: number } = {}) =>
  control<ControlledObject>(sandboxUrl, 'POST', `payment_intents/${segment(paymentIntentId)}/dispute`, options);

/** The bank decides the dispute: `charge.dispute.closed`. */
export const closeDispute = (sandboxUrl: string, disputeId: string, outcome: 'won' | 'lost') =>
  control<ControlledObject>(sandboxUrl, 'POST', `disputes/${segment(disputeId)}/close`, { outcome });

/** A refund made by a person in Stripe's Dashboard: the parameters of `POST /v1/refunds`, without the key. */
export const refundInDashboard = (sandboxUrl: string, refund: { payment_intent?: string; charge?: string; amount?: number; reason?: string; metadata?: Record<string, string> }) =>
  control<ControlledObject>(sandboxUrl, 'POST', 'refunds', refund);

/** Sends an event once more (to one endpoint, or to every endpoint subscribed to it), as the Dashboard's "Resend". */
export const redeliverEvent = (sandboxUrl: string, eventId: string, endpointId?: string) =>
  control<{ event: string; endpoints: string[] }>(sandboxUrl, 'POST', `events/${segment(eventId)}/redeliver`, endpointId === undefined ? {} : { endpoint: endpointId });

/** The endpoint's server goes down: its deliveries wait until it is resumed. */
export const pauseDeliveries = (sandboxUrl: string, endpointId: string) => control<{ paused: boolean }>(sandboxUrl, 'POST', `webhook_endpoints/${segment(endpointId)}/pause`);

/** The endpoint's server is back: what waited is sent. */
export const resumeDeliveries = (sandboxUrl: string, endpointId: string) => control<{ paused: boolean }>(sandboxUrl, 'POST', `webhook_endpoints/${segment(endpointId)}/resume`);

/** Every delivery attempt made, for one event or one endpoint if asked. */
export async function deliveryAttempts(sandboxUrl: string, filter: { event?: string; endpoint?: string } = {}): Promise<DeliveryAttempt[]> {
  const query = new URLSearchParams(Object.entries(filter).filter((entry): entry is [string, string] => entry[1] !== undefined));
  const { data } = await control<{ data: DeliveryAttempt[] }>(sandboxUrl, 'GET', `deliveries${query.size > 0 ? `?${query}` : ''}`);
  return data;
}

/** The first delivery attempt that matches, made already or awaited until it is (null past `timeoutMs`). */
export async function nextDeliveryAttempt(sandboxUrl: string, filter: AttemptFilter, timeoutMs = 10_000): Promise<DeliveryAttempt | null> {
  const query = new URLSearchParams({ timeout_ms: String(timeoutMs) });
  for (const [name, value] of Object.entries(filter)) if (value !== undefined) query.set(name, String(value));
  const { attempt } = await control<{ attempt: DeliveryAttempt | null }>(sandboxUrl, 'GET', `deliveries/next?${query}`);
  return attempt;
}

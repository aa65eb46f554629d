// Delivering events to the webhook endpoints, as Stripe does: each event POSTed to each enabled
// endpoint subscribed to its type, the body the event's JSON, signed (signature.ts) with the
// endpoint's secret at the moment of sending, `Content-Type: application/json; charset=utf-8`.
// Any answer but a 2xx, a network error or no answer within the timeout is a failed attempt,
// retried after the next delay of the schedule (short by default, for tests: Stripe's own spans
// three days) until the attempts run out. Every attempt is recorded for the tests-only controls.
// Deliveries run side by side, so events arrive in no guaranteed order, as from Stripe.
//
// Paused endpoints (a tests-only control: the shop's webhook "down" for a while) hold their
// attempts, which go out when they are resumed, as Stripe's retries would once it is back. A test
// awaits an attempt (`next`) rather than polling for it: the endpoint has answered by then.
// `close()` stops every timer, aborts every request in flight and answers every wait with null.
import type { WebhookTarget } from './webhook-endpoints.ts';
import type { EmittedEvent } from './events.ts';
import { signatureHeader } from './signature.ts';

export interface DeliveryAttempt {
  event: string;
  type: string;
  endpoint: string;
  /** 1 for the first attempt of a delivery, then 2, 3 … for its retries. */
  attempt: number;
  /** When it was made, in Unix milliseconds. */
  at: number;
  /** The endpoint's HTTP status, or null when none came (`error` says why). */
  status: number | null;
  /** The start of the endpoint's answer, as Stripe's Dashboard shows an attempt's response; null when none came. */
  response: string | null;
  error: string | null;
  delivered: boolean;
  /** Sent again by the redeliver control (a single attempt, as the Dashboard's "Resend"). */
  redelivery: boolean;
}

export interface DeliveryOptions {
  /** The waits before the 2nd, 3rd … attempts; attempts run out after the last. */
  retryDelaysMs: number[];
  /** How long an attempt waits for the endpoint's answer. */
  timeoutMs: number;
}

/** Which attempt a wait is for: of one event, to one endpoint, delivered or not. */
export interface AttemptFilter {
  event?: string;
  endpoint?: string;
  delivered?: boolean;
}

const matching = (filter: AttemptFilter) => (attempt: DeliveryAttempt) =>
  (filter.event === undefined || attempt.event === filter.event) &&
  (filter.endpoint === undefined || attempt.endpoint === filter.endpoint) &&
  (filter.delivered === undefined || attempt.delivered === filter.delivered);

/** How much of an endpoint's answer an attempt keeps. */
const responseKept = 1000;

export const defaultDeliveryOptions: DeliveryOptions = { retryDelaysMs: [500, 1000, 2000, 4000, 8000], timeoutMs: 10_000 };

interface Job {
  event: EmittedEvent;
  body: string;
  endpointId: string;
  attempt: number;
  redelivery: boolean;
}

export class WebhookDeliveries {
  readonly #attempts: DeliveryAttempt[] = [];
  /** `event endpoint` pairs not yet delivered, which the event's `pending_webhooks` counts. */
  readonly #pending = new Set<string>();
  /** The attempts held for each paused endpoint, in the order they were due. */
  readonly #held = new Map<string, Job[]>();
  readonly #timers = new Set<NodeJS.Timeout>();
  readonly #inFlight = new Set<Promise<void>>();
  readonly #closing = new AbortController();
  readonly #waiting = new Set<{ matches: (attempt: DeliveryAttempt) => boolean; resolve: (attempt: DeliveryAttempt | null) => void }>();

  constructor(
    private readonly options: DeliveryOptions,
    private readonly targetOf: (endpointId: string) => WebhookTarget | undefined,
  ) {}

  /** The first attempts of an event to each of the endpoints subscribed to it. */
  send(event: EmittedEvent, body: string, targets: WebhookTarget[]): void {
    for (const { endpoint } of targets) {
      this.#pending.add(`${event.id} ${endpoint.id}`);
      this.#run({ event, body, endpointId: endpoint.id, attempt: 1, redelivery: false });
    }
  }

  /** One more attempt of an event to each of `targets`, whatever came of the earlier ones. */
  redeliver(event: EmittedEvent, body: string, targets: WebhookTarget[]): void {
    for (const { endpoint } of targets) this.#run({ event, body, endpointId: endpoint.id, attempt: 1, redelivery: true });
  }

  pause(endpointId: string): void {
    if (!this.#held.has(endpointId)) this.#held.set(endpointId, []);
  }

  resume(endpointId: string): void {
    const held = this.#held.get(endpointId) ?? [];
    this.#held.delete(endpointId);
    for (const job of held) this.#run(job);
  }

  attempts(filter: AttemptFilter = {}): DeliveryAttempt[] {
    return this.#attempts.filter(matching(filter));
  }

  /** The first attempt that matches, made already or when it is made; null after `timeoutMs` or at close. */
  next(filter: AttemptFilter, timeoutMs: number): Promise<DeliveryAttempt | null> {
    const made = this.#attempts.find(matching(filter));
    if (made || this.#closing.signal.aborted) return Promise.resolve(made ?? null);
    return new Promise((resolve) => {
      const waiter = {
        matches: matching(filter),
        resolve: (attempt: DeliveryAttempt | null) => {
          clearTimeout(timer);
          this.#timers.delete(timer);
          this.#waiting.delete(waiter);
          resolve(attempt);
        },
      };
      const timer = setTimeout(() => waiter.resolve(null), timeoutMs);
      this.#timers.add(timer);
      this.#waiting.add(waiter);
    });
  }

  async close(): Promise<void> {
    this.#closing.abort();
    for (const waiter of [...this.#waiting]) waiter.resolve(null);
    for (const timer of this.#timers) clearTimeout(timer);
    this.#timers.clear();
    this.#held.clear();
    await Promise.allSettled([...this.#inFlight]);
  }

  #run(job: Job): void {
    if (this.#closing.signal.aborted) return;
    const held = this.#held.get(job.endpointId);
    if (held) {
      held.push(job);
      return;
    }
    const attempt = this.#attempt(job).finally(() => this.#inFlight.delete(attempt));
    this.#inFlight.add(attempt);
  }

  async #attempt(job: Job): Promise<void> {
    // An endpoint deleted meanwhile gets nothing more.
    const target = this.targetOf(job.endpointId);
    if (!target) return;
    let status: number | null = null;
    let answer: string | null = null;
    let error: string | null = null;
    const at = Date.now();
    try {
      const response = await fetch(target.endpoint.url, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json; charset=utf-8',
          // Signed with the time of sending, which the receiver compares with its own clock.
          'Stripe-Signature': signatureHeader(job.body, target.secret, Math.floor(at / 1000)),
          'User-Agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
          Accept: '*/*; q=0.5, application/xml',
          'Cache-Control': 'no-cache',
        },
        body: job.body,
        redirect: 'manual',
        signal: AbortSignal.any([this.#closing.signal, AbortSignal.timeout(this.options.timeoutMs)]),
      });
      status = response.status;
      answer = (await response.text()).slice(0, responseKept);
    } catch (cause) {
      error = cause instanceof Error ? `${cause.message}${cause.cause instanceof Error ? `: ${cause.cause.message}` : ''}` : String(cause);
    }
    if (this.#closing.signal.aborted) return;
    const delivered = status !== null && status >= 200 && status < 300;
    const made: DeliveryAttempt = { event: job.event.id, type: job.event.type, endpoint: job.endpointId, attempt: job.attempt, at, status, response: answer, error, delivered, redelivery: job.redelivery };
    this.#attempts.push(made);
    for (const waiter of [...this.#waiting]) if (waiter.matches(made)) waiter.resolve(made);
    const pair = `${job.event.id} ${job.endpointId}`;
    if (delivered && this.#pending.delete(pair)) job.event.pending_webhooks -= 1;
    if (delivered || job.redelivery) return;
    const delay = this.options.retryDelaysMs[job.attempt - 1];
    if (delay === undefined) {
      console.error(`[stripe-sandbox] ${job.event.type} ${job.event.id} to ${target.endpoint.url}: no attempt left after ${job.attempt}`);
      return;
    }
    const timer = setTimeout(() => {
      this.#timers.delete(timer);
      this.#run({ ...job, attempt: job.attempt + 1 });
    }, delay);
    this.#timers.add(timer);
  }
}

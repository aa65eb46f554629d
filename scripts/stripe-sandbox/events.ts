// Stripe's events: what happened, as `event` objects holding a snapshot of the object it happened
// to (`data.object`, and `data.previous_attributes` where Stripe gives what changed). Kept 30 days
// by the double's clock, as Stripe keeps them, and served by `GET /v1/events` (newest first,
// filtered by `type`, `types[]` and `created`) and `GET /v1/events/{id}`. Each event and its
// object pass the schema check before they are kept or sent (answer-check.ts).
import type Stripe from 'stripe';
import { checked } from './answer-check.ts';
import type { ApiAnswer, ApiCall } from './api-types.ts';
import { apiVersion } from './api-version.ts';
import { apiErrors, paramErrors } from './errors.ts';
import { newId } from './ids.ts';
import { listPage } from './lists.ts';
import { inRange } from './params.ts';
import type { StripeSchemaName } from './openapi/schemas.ts';
import type { WireCharge, WireCheckoutSession, WirePaymentIntent } from './wire-types.ts';

/**
 * The events the double emits, and the only ones. The SDK types an event's `type` as a plain
 * string; the compiler holds each of these to an event type Stripe has, as the SDK lists them for
 * a webhook endpoint's `enabled_events`.
 */
export const emittedEventTypes = [
  'checkout.session.completed',
  'checkout.session.expired',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'payment_intent.created',
  'payment_intent.processing',
  'payment_intent.succeeded',
  'payment_intent.payment_failed',
  'charge.pending',
  'charge.succeeded',
  'charge.failed',
  'charge.refunded',
  'charge.dispute.created',
  'charge.dispute.closed',
  'refund.created',
] as const satisfies readonly Exclude<Stripe.WebhookEndpointCreateParams.EnabledEvent, '*'>[];

export type EmittedEventType = (typeof emittedEventTypes)[number];

/** The object an event of each type carries. */
export type ObjectOf<T extends EmittedEventType> =
  T extends `checkout.session.${string}` ? WireCheckoutSession
  : T extends `payment_intent.${string}` ? WirePaymentIntent
  : T extends `charge.dispute.${string}` ? Stripe.Dispute
  : T extends `charge.${string}` ? WireCharge
  : Stripe.Refund;

/** An event as the double sends it: a `Stripe.Event` of one of the emitted types, about one of the double's objects. */
export interface EmittedEvent extends Stripe.Event {
  type: EmittedEventType;
  data: { object: ObjectOf<EmittedEventType>; previous_attributes?: object };
}

/** `event.request`: the API request that caused it (its id and idempotency key), or nulls for Stripe's own doing. */
export type RequestOrigin = Stripe.Event.Request;

export const noRequest: RequestOrigin = { id: null, idempotency_key: null };

const schemaOfObject = (type: EmittedEventType): StripeSchemaName =>
  type.startsWith('checkout.session.') ? 'checkout.session'
  : type.startsWith('payment_intent.') ? 'payment_intent'
  : type.startsWith('charge.dispute.') ? 'dispute'
  : type.startsWith('charge.') ? 'charge'
  : 'refund';

const retentionSeconds = 30 * 24 * 60 * 60;

export class EventLog {
  /** In the order they happened: a Map keeps insertion order. */
  readonly #events = new Map<string, EmittedEvent>();

  /**
   * A new event about `object` (a snapshot of it as it is now), checked against the schema, kept,
   * and answered for the caller to deliver to the `pendingWebhooks` endpoints subscribed to it.
   */
  record<T extends EmittedEventType>(type: T, object: ObjectOf<T>, created: number, origin: RequestOrigin, pendingWebhooks: number, previousAttributes?: object): EmittedEvent {
    const event: EmittedEvent = {
      id: newId('evt'),
      object: 'event',
      api_version: apiVersion,
      created,
      data: { object: structuredClone(object), ...(previousAttributes === undefined ? {} : { previous_attributes: previousAttributes }) },
      livemode: false,
      pending_webhooks: pendingWebhooks,
      request: origin,
      type,
    };
    checked(schemaOfObject(type), event.data.object);
    checked('event', event);
    this.#events.set(event.id, event);
    return event;
  }

  get(id: string): EmittedEvent | undefined {
    return this.#events.get(id);
  }

  newestFirst(): EmittedEvent[] {
    return [...this.#events.values()].reverse();
  }

  /** Forgets what is older than Stripe's 30 days. */
  forgetBefore(now: number): void {
    for (const [id, event] of this.#events) {
      if (event.created > now - retentionSeconds) break;
      this.#events.delete(id);
    }
  }
}

/** Whether an event type matches a filter of `GET /v1/events` (`type` takes a `*` wildcard: `checkout.session.*`). */
function typeMatches(type: string, filter: string): boolean {
  if (!filter.includes('*')) return type === filter;
  const pattern = new RegExp(`^${filter.split('*').map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('[^]*')}$`);
  return pattern.test(type);
}

export function eventsApi(log: EventLog) {
  return {
    retrieve({ params, id }: ApiCall): ApiAnswer {
      params.refuseUnread();
      const event = log.get(id);
      if (!event) throw apiErrors.resourceMissing('event', id, 'id');
      return { body: event, schema: 'event' };
    },

    list({ params }: ApiCall): ApiAnswer {
      const type = params.string('type');
      const types = params.strings('types');
      if (type !== undefined && types !== undefined) throw paramErrors.invalid('types', 'You may pass either type or types, but not both.');
      if (types !== undefined && types.length > 20) throw paramErrors.invalid('types', 'You may pass up to 20 types.');
      const created = params.range('created');
      const matching = log
        .newestFirst()
        .filter((event) => (type === undefined || typeMatches(event.type, type)) && (types === undefined || types.includes(event.type)) && inRange(event.created, created));
      const page = listPage(matching, params, '/v1/events', 'event');
      params.refuseUnread();
      return { body: page, list: 'GET /v1/events' };
    },
  };
}

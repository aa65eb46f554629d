// Everything one run of the double holds, in memory: the objects of one Stripe test-mode account
// (Checkout Sessions and their lines, PaymentIntents, Charges, Refunds, Disputes), its events and
// webhook endpoints, the deliveries in progress and the clock. A restart starts an empty account,
// as a fresh Stripe sandbox would be. `emit` is how every change becomes an event and is sent on.
import type Stripe from 'stripe';
import { SandboxClock } from './clock.ts';
import { EventLog, type EmittedEventType, type ObjectOf, type RequestOrigin } from './events.ts';
import { IdempotencyKeys } from './idempotency.ts';
import { WebhookDeliveries, type DeliveryOptions } from './webhook-delivery.ts';
import { WebhookEndpoints } from './webhook-endpoints.ts';
import type { WireCharge, WireCheckoutSession, WirePaymentIntent } from './wire-types.ts';

export interface SessionRecord {
  session: WireCheckoutSession;
  lineItems: Stripe.LineItem[];
  /** The last card tried on the hosted page was declined: the page says so until the next try. */
  declined: boolean;
}

export class SandboxState {
  readonly clock = new SandboxClock();
  /** Each kind in the order made (a Map keeps insertion order), so the newest is last. */
  readonly sessions = new Map<string, SessionRecord>();
  /**
   * No open session expires before this time (seconds, the sandbox clock): the check made before
   * each request looks at the sessions only once it is reached, not at every request.
   */
  earliestOpenExpiry = Infinity;
  readonly paymentIntents = new Map<string, WirePaymentIntent>();
  readonly charges = new Map<string, WireCharge>();
  readonly refunds = new Map<string, Stripe.Refund>();
  readonly disputes = new Map<string, Stripe.Dispute>();
  readonly events = new EventLog();
  readonly endpoints = new WebhookEndpoints(this.clock);
  readonly deliveries: WebhookDeliveries;
  readonly idempotencyKeys = new IdempotencyKeys();

  constructor(deliveryOptions: DeliveryOptions) {
    this.deliveries = new WebhookDeliveries(deliveryOptions, (id) => this.endpoints.get(id));
  }

  /** An event about `object` as it is now, kept and sent to the endpoints subscribed to its type. */
  emit<T extends EmittedEventType>(type: T, object: ObjectOf<T>, origin: RequestOrigin, previousAttributes?: object): void {
    const targets = this.endpoints.subscribedTo(type);
    const event = this.events.record(type, object, this.clock.now(), origin, targets.length, previousAttributes);
    this.deliveries.send(event, eventBody(event), targets);
  }

  /** The session a PaymentIntent was made for. */
  sessionOfPaymentIntent(paymentIntentId: string): SessionRecord | undefined {
    return [...this.sessions.values()].find(({ session }) => session.payment_intent === paymentIntentId);
  }
}

/** An event as a webhook's body: its JSON, indented by two spaces as Stripe sends it. */
export const eventBody = (event: object) => JSON.stringify(event, null, 2);

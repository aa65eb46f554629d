// Webhook endpoints: `POST /v1/webhook_endpoints` (url, enabled_events[], description, metadata,
// api_version), `GET /v1/webhook_endpoints` (newest first), `GET` and `DELETE
// /v1/webhook_endpoints/{id}`. The signing secret (`whsec_…`) is in the answer to the creation
// only, as Stripe gives it. Two refusals Stripe does not make, because the double is offline: an
// endpoint must be on this machine (Stripe, the other way round, refuses localhost), and it can
// subscribe only to the events the double emits (events.ts), so that a subscription it would never
// serve fails at once instead of waiting forever.
import type Stripe from 'stripe';
import { apiVersion } from './api-version.ts';
import type { ApiAnswer, ApiCall } from './api-types.ts';
import { apiErrors, paramErrors } from './errors.ts';
import { emittedEventTypes, type EmittedEventType } from './events.ts';
import { newId, newWebhookSecret } from './ids.ts';
import { listPage } from './lists.ts';
import type { SandboxClock } from './clock.ts';

export interface WebhookTarget {
  endpoint: Stripe.WebhookEndpoint;
  secret: string;
}

const subscribable: readonly string[] = ['*', ...emittedEventTypes];
const loopbackHost = /^(localhost|[^.]+\.localhost|127(\.\d{1,3}){3}|\[::1\])$/i;

function checkedUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw paramErrors.invalid('url', 'Not a valid URL', 'url_invalid');
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw paramErrors.invalid('url', 'Not a valid URL', 'url_invalid');
  if (!loopbackHost.test(parsed.hostname)) {
    throw paramErrors.invalid('url', `Invalid URL: the Stripe sandbox is offline and delivers webhooks only on this machine (localhost, 127.0.0.1, [::1]), not to ${parsed.hostname}.`, 'url_invalid');
  }
  return url;
}

export class WebhookEndpoints {
  /** In the order they were made: a Map keeps insertion order. */
  readonly #targets = new Map<string, WebhookTarget>();

  constructor(private readonly clock: SandboxClock) {}

  get(id: string): WebhookTarget | undefined {
    return this.#targets.get(id);
  }

  /** The enabled endpoints an event of `type` goes to. */
  subscribedTo(type: EmittedEventType): WebhookTarget[] {
    return [...this.#targets.values()].filter(({ endpoint }) => endpoint.status === 'enabled' && endpoint.enabled_events.some((name) => name === '*' || name === type));
  }

  create({ params }: ApiCall): ApiAnswer {
    const url = checkedUrl(params.requiredString('url'));
    const enabledEvents = params.strings('enabled_events');
    if (enabledEvents === undefined || enabledEvents.length === 0) throw paramErrors.missing('enabled_events');
    enabledEvents.forEach((name, i) => {
      if (!subscribable.includes(name)) {
        throw paramErrors.invalid(`enabled_events[${i}]`, `Invalid enabled_events[${i}]: the Stripe sandbox emits only ${subscribable.join(', ')}.`);
      }
    });
    const askedVersion = params.string('api_version');
    if (askedVersion !== undefined && askedVersion !== apiVersion) throw apiErrors.otherApiVersion(askedVersion, apiVersion);
    const endpoint: Stripe.WebhookEndpoint = {
      id: newId('we'),
      object: 'webhook_endpoint',
      api_version: askedVersion ?? null,
      application: null,
      created: this.clock.now(),
      description: params.string('description') ?? null,
      enabled_events: enabledEvents,
      livemode: false,
      metadata: params.metadata('metadata') ?? {},
      status: 'enabled',
      url,
    };
    params.refuseUnread();
    const secret = newWebhookSecret();
    this.#targets.set(endpoint.id, { endpoint, secret });
    return { body: { ...endpoint, secret }, schema: 'webhook_endpoint' };
  }

  list({ params }: ApiCall): ApiAnswer {
    const endpoints = [...this.#targets.values()].map(({ endpoint }) => endpoint).reverse();
    const page = listPage(endpoints, params, '/v1/webhook_endpoints', 'webhook_endpoint');
    params.refuseUnread();
    return { body: page, list: 'GET /v1/webhook_endpoints' };
  }

  retrieve({ params, id }: ApiCall): ApiAnswer {
    params.refuseUnread();
    return { body: this.#existing(id).endpoint, schema: 'webhook_endpoint' };
  }

  delete({ params, id }: ApiCall): ApiAnswer {
    params.refuseUnread();
    this.#existing(id);
    this.#targets.delete(id);
    const deleted: Stripe.DeletedWebhookEndpoint = { id, object: 'webhook_endpoint', deleted: true };
    return { body: deleted, unchecked: 'the published components hold no deleted_webhook_endpoint schema' };
  }

  #existing(id: string): WebhookTarget {
    const target = this.#targets.get(id);
    if (!target) throw apiErrors.resourceMissing('webhook_endpoint', id, 'webhook_endpoint');
    return target;
  }
}

// Checkout Sessions in payment mode: `POST /v1/checkout/sessions` (lines by `price_data`),
// `GET /v1/checkout/sessions/{id}` (`expand[]=line_items`, `expand[]=payment_intent`),
// `GET /v1/checkout/sessions/{id}/line_items`, `GET /v1/checkout/sessions` (filters by
// payment_intent, customer_details[email]) and `POST /v1/checkout/sessions/{id}/expire`.
// A session expires at its `expires_at` (checked on every request, by the double's clock) or when
// asked, with `checkout.session.expired`. What a customer does on the hosted page is payments.ts.
import type Stripe from 'stripe';
import type { ApiAnswer, ApiCall } from './api-types.ts';
import { apiErrors, paramErrors } from './errors.ts';
import { noRequest, type RequestOrigin } from './events.ts';
import type { Params } from './params.ts';
import { listPage } from './lists.ts';
import { newCheckoutSession, newLineItem, type SessionInput } from './objects.ts';
import type { SandboxState, SessionRecord } from './state.ts';
import type { WireCheckoutSession } from './wire-types.ts';

const locales = [
  'auto', 'bg', 'cs', 'da', 'de', 'el', 'en', 'en-GB', 'es', 'es-419', 'et', 'fi', 'fil', 'fr', 'fr-CA', 'hr', 'hu', 'id', 'it', 'ja', 'ko',
  'lt', 'lv', 'ms', 'mt', 'nb', 'nl', 'pl', 'pt', 'pt-BR', 'ro', 'ru', 'sk', 'sl', 'sv', 'th', 'tr', 'vi', 'zh', 'zh-HK', 'zh-TW',
] as const satisfies readonly Stripe.Checkout.SessionCreateParams.Locale[];

/** The payment methods the hosted page plays: a card, and SEPA Direct Debit (euros only, settled later). */
const playedPaymentMethods = ['card', 'sepa_debit'] as const;

const minutes = 60;
const hours = 60 * minutes;
/** Stripe takes an `expires_at` from 30 minutes to 24 hours after creation, 24 hours by default. */
const expiry = { least: 30 * minutes, most: 24 * hours };

const plausibleEmail = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function checkedUrl(params: Params, key: string, required: boolean): string | null {
  const url = required ? params.requiredString(key) : params.string(key);
  if (url === undefined) return null;
  if (!URL.canParse(url) || !/^https?:$/.test(new URL(url).protocol)) throw paramErrors.invalid(params.nameOf(key), 'Not a valid URL', 'url_invalid');
  return url;
}

/** `expand[]`, each one of the properties this request can expand. */
function expansions(params: Params, allowed: readonly string[]): string[] {
  const expand = params.strings('expand') ?? [];
  for (const path of expand) {
    if (!allowed.includes(path)) throw paramErrors.invalid('expand', `This property cannot be expanded (${path}).`);
  }
  return expand;
}

function readLines(params: Params, created: number) {
  const lines = params.hashes('line_items');
  if (lines === undefined || lines.length === 0) throw paramErrors.missing('line_items');
  if (lines.length > 100) throw paramErrors.invalid('line_items', 'You may only specify up to 100 line items.');
  return lines.map((line) => {
    // Prices made beforehand live in Stripe's catalogue, which the double does not hold.
    const price = line.string('price');
    if (price !== undefined) throw apiErrors.resourceMissing('price', price, line.nameOf('price'));
    const priceData = line.requiredHash('price_data');
    const currency = priceData.requiredString('currency').toLowerCase();
    if (!/^[a-z]{3}$/.test(currency)) throw paramErrors.invalid(priceData.nameOf('currency'), `Invalid currency: ${currency}.`);
    const unitAmount = priceData.requiredInteger('unit_amount');
    if (unitAmount < 0) throw paramErrors.invalid(priceData.nameOf('unit_amount'), 'This value must be greater than or equal to 0.');
    const product = priceData.requiredHash('product_data');
    const productName = product.requiredString('name');
    // The product's metadata and description belong to the Product, which no answer of the double shows.
    product.metadata('metadata');
    product.string('description');
    const quantity = line.requiredInteger('quantity');
    if (quantity < 1) throw paramErrors.invalid(line.nameOf('quantity'), 'This value must be greater than or equal to 1.');
    return newLineItem({ currency, unitAmount, quantity, productName }, created);
  });
}

function readSession(params: Params, now: number): SessionInput & { expand: string[] } {
  const mode = params.enumValue('mode', ['payment', 'setup', 'subscription'] as const);
  if (mode === undefined) throw paramErrors.missing('mode');
  if (mode !== 'payment') throw paramErrors.notPlayed('mode', `mode=${mode}: only mode=payment`);
  const lineItems = readLines(params, now);
  const currency = lineItems[0]!.currency;
  if (lineItems.some((line) => line.currency !== currency)) throw paramErrors.invalid('line_items', 'All line items must have the same currency.');
  const customerEmail = params.string('customer_email') ?? null;
  if (customerEmail !== null && !plausibleEmail.test(customerEmail)) throw paramErrors.invalid('customer_email', `Invalid email address: ${customerEmail}`, 'email_invalid');
  const clientReferenceId = params.string('client_reference_id') ?? null;
  if (clientReferenceId !== null && clientReferenceId.length > 200) throw paramErrors.invalid('client_reference_id', 'Invalid string: client_reference_id must be at most 200 characters.');
  const expiresAt = params.integer('expires_at') ?? now + expiry.most;
  if (expiresAt < now + expiry.least) throw paramErrors.invalid('expires_at', 'The `expires_at` timestamp must be at least 30 minutes from Checkout Session creation.');
  if (expiresAt > now + expiry.most) throw paramErrors.invalid('expires_at', 'The `expires_at` timestamp must be less than 24 hours from Checkout Session creation.');
  const asked = params.strings('payment_method_types');
  asked?.forEach((type, i) => {
    if (!(playedPaymentMethods as readonly string[]).includes(type)) throw paramErrors.notPlayed(`payment_method_types[${i}]`, `the payment method ${type}: only ${playedPaymentMethods.join(' and ')}`);
  });
  if (asked?.includes('sepa_debit') && currency !== 'eur') throw paramErrors.invalid('payment_method_types', `The payment method \`sepa_debit\` cannot be used with currency \`${currency}\`.`);
  // Without a list, the methods the account has switched on: both, SEPA only for euros.
  const paymentMethodTypes = asked ?? (currency === 'eur' ? ['card', 'sepa_debit'] : ['card']);
  const consent = params.hash('consent_collection');
  const consentCollection =
    consent === undefined ? null : { promotions: consent.enumValue('promotions', ['auto', 'none'] as const) ?? null, terms_of_service: consent.enumValue('terms_of_service', ['none', 'required'] as const) ?? null };
  const input = {
    lineItems,
    currency,
    successUrl: checkedUrl(params, 'success_url', true)!,
    cancelUrl: checkedUrl(params, 'cancel_url', false),
    clientReferenceId,
    customerEmail,
    locale: params.enumValue('locale', locales) ?? null,
    expiresAt,
    metadata: params.metadata('metadata') ?? {},
    paymentMethodTypes,
    consentCollection,
    expand: expansions(params, ['line_items', 'payment_intent']),
  };
  params.refuseUnread();
  const total = lineItems.reduce((sum, line) => sum + line.amount_total, 0);
  // Stripe's smallest charge in euros.
  if (currency === 'eur' && total < 50) throw paramErrors.invalid('line_items', "The Checkout Session's total amount due must add up to at least €0.50 eur");
  return input;
}

/** The session as an answer shows it, with the properties asked for expanded. */
function sessionView(state: SandboxState, record: SessionRecord, expand: string[], prefix = ''): WireCheckoutSession {
  const view: WireCheckoutSession = { ...record.session };
  if (expand.includes(`${prefix}line_items`)) {
    view.line_items = { object: 'list', data: record.lineItems.slice(0, 10), has_more: record.lineItems.length > 10, url: `/v1/checkout/sessions/${view.id}/line_items` };
  }
  if (expand.includes(`${prefix}payment_intent`) && typeof view.payment_intent === 'string') view.payment_intent = state.paymentIntents.get(view.payment_intent) ?? null;
  return view;
}

/** Closes an open session for good, at its `expires_at` or when asked: `checkout.session.expired`. */
export function expireSession(state: SandboxState, record: SessionRecord, origin: RequestOrigin): void {
  record.session.status = 'expired';
  record.session.url = null;
  state.emit('checkout.session.expired', record.session, origin);
}

/** Expires the open sessions whose `expires_at` the clock has passed (called before each request). */
export function expireDueSessions(state: SandboxState): void {
  const now = state.clock.now();
  if (now < state.earliestOpenExpiry) return;
  let earliest = Infinity;
  for (const record of state.sessions.values()) {
    if (record.session.status !== 'open') continue;
    if (record.session.expires_at <= now) expireSession(state, record, noRequest);
    else earliest = Math.min(earliest, record.session.expires_at);
  }
  state.earliestOpenExpiry = earliest;
}

export function existingSession(state: SandboxState, id: string): SessionRecord {
  const record = state.sessions.get(id);
  if (!record) throw apiErrors.resourceMissing('checkout.session', id, 'session');
  return record;
}

export function checkoutSessionsApi(state: SandboxState, pageUrl: (id: string) => string) {
  return {
    create({ params }: ApiCall): ApiAnswer {
      const now = state.clock.now();
      const { expand, ...input } = readSession(params, now);
      const session = newCheckoutSession(input, now, pageUrl);
      const record: SessionRecord = { session, lineItems: input.lineItems, declined: false };
      state.sessions.set(session.id, record);
      state.earliestOpenExpiry = Math.min(state.earliestOpenExpiry, session.expires_at);
      return { body: sessionView(state, record, expand), schema: 'checkout.session' };
    },

    retrieve({ params, id }: ApiCall): ApiAnswer {
      const expand = expansions(params, ['line_items', 'payment_intent']);
      params.refuseUnread();
      return { body: sessionView(state, existingSession(state, id), expand), schema: 'checkout.session' };
    },

    list({ params }: ApiCall): ApiAnswer {
      // The filters API version 2022-11-15 documents, but those on what the double does not hold
      // (customer, payment_link, subscription): no `status` nor `created`, which came later.
      const paymentIntent = params.string('payment_intent');
      const email = params.hash('customer_details')?.requiredString('email');
      const expand = expansions(params, ['data.line_items', 'data.payment_intent']);
      const matching = [...state.sessions.values()]
        .reverse()
        .filter(({ session }) => (paymentIntent === undefined || session.payment_intent === paymentIntent) && (email === undefined || session.customer_details?.email === email))
        .map((record) => sessionView(state, record, expand, 'data.'));
      const page = listPage(matching, params, '/v1/checkout/sessions', 'checkout.session');
      params.refuseUnread();
      return { body: page, list: 'GET /v1/checkout/sessions' };
    },

    lineItems({ params, id }: ApiCall): ApiAnswer {
      const record = existingSession(state, id);
      const page = listPage(record.lineItems, params, `/v1/checkout/sessions/${id}/line_items`, 'item');
      params.refuseUnread();
      return { body: page, list: 'GET /v1/checkout/sessions/{session}/line_items' };
    },

    expire({ params, id, origin }: ApiCall): ApiAnswer {
      const expand = expansions(params, ['line_items', 'payment_intent']);
      params.refuseUnread();
      const record = existingSession(state, id);
      if (record.session.status !== 'open') {
        throw apiErrors.state(`Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of \`${record.session.status}\`.`);
      }
      expireSession(state, record, origin);
      return { body: sessionView(state, record, expand), schema: 'checkout.session' };
    },
  };
}

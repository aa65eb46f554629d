// The checks the double runs on the objects it answers with: they hold to the schemas kept beside
// them (untouched since they were taken), Stripe's own fixtures of the same release conform to
// them, each kind of drift fails, naming the field, and the SDK's types (stripe 12.3.0, the same
// API version, 2022-11-15) take those fixtures, but for the differences wire-types.ts lists.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import type { WireCharge, WireCheckoutSession, WirePaymentIntent } from '../wire-types.ts';
import { components, listProblems, schemaProblems, type StripeListOperation, type StripeSchemaName } from './schemas.ts';

type Resource = Record<string, unknown>;
const here = (name: string) => new URL(`./${name}`, import.meta.url);
const read = <T>(name: string) => JSON.parse(readFileSync(here(name), 'utf8')) as T;
const source = read<{
  components: { sha256: string; schemas: number; roots: string[]; list_responses: string[] };
  fixtures: Record<string, { sha256: string }>;
}>('source.json');
/** Stripe's fixtures of the release the document is (v309). */
const sameRelease = read<{ resources: Record<string, Resource> }>('fixtures3.v309.json').resources;

const resources: StripeSchemaName[] = ['checkout.session', 'item', 'payment_intent', 'charge', 'refund', 'dispute', 'event', 'webhook_endpoint'];
const fixture = (name: string) => structuredClone(sameRelease[name]!);
const list = (url: string, data: unknown[]) => ({ object: 'list', data, has_more: false, url });
const sha256 = (name: string) => createHash('sha256').update(readFileSync(here(name))).digest('hex');

describe('the files', () => {
  it('are the ones source.json names, unchanged', () => {
    expect(sha256('components.json')).toBe(source.components.sha256);
    for (const [name, { sha256: digest }] of Object.entries(source.fixtures)) expect(sha256(name), name).toBe(digest);
  });

  it('hold the schemas the double answers with, and every schema they refer to', () => {
    const schemas = components.components.schemas;
    expect(Object.keys(schemas)).toHaveLength(source.components.schemas);
    for (const root of source.components.roots) expect(schemas[root], root).toBeDefined();
    expect(Object.keys(components['x-list-responses']).sort()).toEqual([...source.components.list_responses].sort());
    const refs = JSON.stringify(components).match(/"\$ref":"[^"]+"/g) ?? [];
    const missing = refs.map((ref) => ref.slice('"$ref":"#/components/schemas/'.length, -1)).filter((name) => !schemas[name]);
    expect(refs.length).toBeGreaterThan(1000);
    expect(missing).toEqual([]);
  });
});

describe("Stripe's fixtures of the same release", () => {
  it.each(resources)('%s conforms to its schema', (name) => {
    expect(schemaProblems(name, fixture(name))).toEqual([]);
  });

  it.each([
    ['GET /v1/checkout/sessions', list('/v1/checkout/sessions', [fixture('checkout.session')])],
    ['GET /v1/checkout/sessions/{session}/line_items', list('/v1/checkout/sessions/cs_test_1/line_items', [fixture('item')])],
    ['GET /v1/events', list('/v1/events', [fixture('event')])],
    ['GET /v1/refunds', list('/v1/refunds', [fixture('refund'), fixture('refund')])],
    ['GET /v1/webhook_endpoints', list('/v1/webhook_endpoints', [])],
  ] as Array<[StripeListOperation, unknown]>)('in a list answer of %s conform', (operation, answer) => {
    expect(listProblems(operation, answer)).toEqual([]);
  });

  it('pass with an expandable field as an id, as the object, or null where nullable', () => {
    const session = fixture('checkout.session');
    expect(typeof session.payment_intent).toBe('string');
    expect(schemaProblems('checkout.session', { ...session, payment_intent: fixture('payment_intent') })).toEqual([]);
    expect(schemaProblems('checkout.session', { ...session, payment_intent: null })).toEqual([]);
    const refund = fixture('refund');
    expect(schemaProblems('refund', { ...refund, charge: 'ch_1' })).toEqual([]);
    expect(schemaProblems('refund', { ...refund, charge: fixture('charge') })).toEqual([]);
    expect(schemaProblems('refund', { ...refund, charge: { ...fixture('charge'), amount: '100' } })).toEqual(['refund: /charge/amount must be integer']);
  });

  it('take an error as Stripe documents it', () => {
    const error = { error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such checkout session', param: 'session' } };
    expect(schemaProblems('error', error)).toEqual([]);
  });
});

describe('a broken copy fails, naming the field', () => {
  const session = () => fixture('checkout.session');

  it.each([
    ['a required field removed', () => ({ ...session(), id: undefined }), "checkout.session: / must have required property 'id'"],
    ['a nested required field removed', () => ({ ...session(), automatic_tax: { status: null } }), "checkout.session: /automatic_tax must have required property 'enabled'"],
    ['a wrong type', () => ({ ...session(), amount_total: '2900' }), 'checkout.session: /amount_total must be integer or null'],
    ['null where the schema does not allow it', () => ({ ...session(), livemode: null }), 'checkout.session: /livemode must be boolean'],
    ['an invented field', () => ({ ...session(), order_id: 'ord_1' }), 'checkout.session: / must NOT have additional properties (order_id)'],
    ['an invented nested field', () => ({ ...session(), customer_details: { ...(session().customer_details as Resource), shop_user: 'u1' } }), 'checkout.session: /customer_details must NOT have additional properties (shop_user)'],
    ['a status the enum lacks', () => ({ ...session(), status: 'paid' }), 'checkout.session: /status must be equal to one of the allowed values ("complete", "expired", "open", null)'],
    ['a payment status the enum lacks', () => ({ ...session(), payment_status: 'succeeded' }), 'checkout.session: /payment_status must be equal to one of the allowed values ("no_payment_required", "paid", "unpaid")'],
    ['a time that is not whole seconds', () => ({ ...session(), created: 1700000000.5 }), 'checkout.session: /created must match format "unix-time"'],
    ['an expandable field that is neither id nor object', () => ({ ...session(), payment_intent: 42 }), 'checkout.session: /payment_intent must be string or object or null'],
  ])('%s', (_, broken, problem) => {
    expect(schemaProblems('checkout.session', broken())).toContain(problem);
  });

  it('in the other resources too', () => {
    expect(schemaProblems('payment_intent', { ...fixture('payment_intent'), status: 'paid' }).join('\n')).toMatch(/^payment_intent: \/status must be equal to one of the allowed values \("canceled", .*"succeeded"\)$/);
    expect(schemaProblems('refund', { ...fixture('refund'), amount: 10.5 })).toEqual(['refund: /amount must be integer']);
    expect(schemaProblems('event', { ...fixture('event'), pending_webhooks: undefined })).toEqual(["event: / must have required property 'pending_webhooks'"]);
    expect(schemaProblems('webhook_endpoint', { ...fixture('webhook_endpoint'), secret: 7 })).toEqual(['webhook_endpoint: /secret must be string']);
    expect(schemaProblems('item', { ...fixture('item'), object: 'line_item' })).toEqual(['item: /object must be equal to one of the allowed values ("item")']);
    expect(schemaProblems('dispute', { ...fixture('dispute'), reason: undefined })).toEqual(["dispute: / must have required property 'reason'"]);
    expect(schemaProblems('charge', { ...fixture('charge'), captured: 'yes' })).toEqual(['charge: /captured must be boolean']);
    expect(schemaProblems('error', { error: { type: 'bad_request', message: 'm' } })).toEqual([
      'error: /error/type must be equal to one of the allowed values ("api_error", "card_error", "idempotency_error", "invalid_request_error")',
    ]);
  });

  it('in a list answer', () => {
    const refunds = (answer: Resource) => listProblems('GET /v1/refunds', { ...list('/v1/refunds', [fixture('refund')]), ...answer });
    expect(refunds({ url: '/v1/charges' })).toEqual(['GET /v1/refunds answer: /url must match pattern "^/v1/refunds"']);
    expect(refunds({ has_more: undefined })).toEqual(["GET /v1/refunds answer: / must have required property 'has_more'"]);
    expect(refunds({ object: 'array' })).toEqual(['GET /v1/refunds answer: /object must be equal to one of the allowed values ("list")']);
    expect(refunds({ total_count: 1 })).toEqual(['GET /v1/refunds answer: / must NOT have additional properties (total_count)']);
    expect(refunds({ data: [{ ...fixture('refund'), currency: undefined }] })).toEqual(["GET /v1/refunds answer: /data/0 must have required property 'currency'"]);
  });
});

// Stripe's fixtures of v309 as the SDK types them: each literal below is the fixture, verbatim
// (checked below), and `satisfies` holds it to the SDK's type, less the properties wire-types.ts
// records as required by the type and lacking from the schema: a type-level check that fails
// `npm run typecheck`. (The Charge keeps `refunds`: Stripe's fixtures show it expanded.)
const session = {
  after_expiration: null,
  allow_promotion_codes: null,
  amount_subtotal: null,
  amount_total: null,
  automatic_tax: {
    enabled: false,
    status: null
  },
  billing_address_collection: null,
  cancel_url: 'https://example.com/cancel',
  client_reference_id: null,
  consent: null,
  consent_collection: null,
  created: 1234567890,
  currency: null,
  currency_conversion: null,
  custom_fields: [],
  custom_text: {
    shipping_address: null,
    submit: null
  },
  customer: null,
  customer_creation: null,
  customer_details: {
    address: null,
    email: 'example@example.com',
    name: null,
    phone: null,
    tax_exempt: 'none',
    tax_ids: null
  },
  customer_email: null,
  expires_at: 1234567890,
  id: 'cs_test_a1mJ64YcsVnizJo8HgqaLnHRkMKzzoI3caeiARF2CUMhHTaRo7S6IqZyhY',
  invoice: null,
  invoice_creation: null,
  livemode: false,
  locale: null,
  metadata: {},
  mode: 'payment',
  object: 'checkout.session',
  payment_intent: 'pi_1Mxd0wLKkAKty0Q87fIqvZs9',
  payment_link: null,
  payment_method_collection: null,
  payment_method_options: {},
  payment_method_types: [
    'card'
  ],
  payment_status: 'unpaid',
  phone_number_collection: {
    enabled: false
  },
  recovered_from: null,
  setup_intent: null,
  shipping_address_collection: null,
  shipping_cost: null,
  shipping_details: null,
  shipping_options: [],
  status: 'open',
  submit_type: null,
  subscription: null,
  success_url: 'https://example.com/success',
  total_details: null,
  url: 'https://checkout.stripe.com/pay/c/cs_test_a1mJ64YcsVnizJo8HgqaLnHRkMKzzoI3caeiARF2CUMhHTaRo7S6IqZyhY'
} satisfies Stripe.Checkout.Session;

const lineItem = {
  amount_discount: 0,
  amount_subtotal: 0,
  amount_tax: 0,
  amount_total: 0,
  currency: 'usd',
  description: 'T-shirt',
  id: 'li_1MxrbkLKkAKty0Q8pjyEeuBD',
  object: 'item',
  price: {
    active: true,
    billing_scheme: 'per_unit',
    created: 1681680080,
    currency: 'usd',
    custom_unit_amount: null,
    id: 'price_1Mxd0eLKkAKty0Q8hJNMc3Wx',
    livemode: false,
    lookup_key: null,
    metadata: {},
    nickname: null,
    object: 'price',
    product: 'prod_Nj5BBP2W3A6rX2',
    recurring: null,
    tax_behavior: 'unspecified',
    tiers_mode: null,
    transform_quantity: null,
    type: 'one_time',
    unit_amount: 1000,
    unit_amount_decimal: '1000'
  },
  quantity: 1
} satisfies Stripe.LineItem;

const paymentIntent = {
  amount: 1099,
  amount_capturable: 0,
  amount_details: {
    tip: {}
  },
  amount_received: 0,
  application: null,
  application_fee_amount: null,
  automatic_payment_methods: null,
  canceled_at: 1234567890,
  cancellation_reason: null,
  capture_method: 'automatic',
  client_secret: 'pi_1Mxd0wLKkAKty0Q87fIqvZs9_secret_LMr7KUxVEmZu8YXAp0RUuhsic',
  confirmation_method: 'automatic',
  created: 1234567890,
  currency: 'usd',
  customer: null,
  description: null,
  id: 'pi_1Mxd0wLKkAKty0Q87fIqvZs9',
  invoice: null,
  last_payment_error: null,
  latest_charge: null,
  livemode: false,
  metadata: {},
  next_action: null,
  object: 'payment_intent',
  on_behalf_of: null,
  payment_method: null,
  payment_method_options: {},
  payment_method_types: [
    'card'
  ],
  processing: null,
  receipt_email: null,
  review: null,
  setup_future_usage: null,
  shipping: null,
  statement_descriptor: null,
  statement_descriptor_suffix: null,
  status: 'requires_payment_method',
  transfer_data: null,
  transfer_group: null
} satisfies WirePaymentIntent;

const charge = {
  amount: 100,
  amount_captured: 0,
  amount_refunded: 0,
  application: null,
  application_fee: null,
  application_fee_amount: null,
  balance_transaction: 'txn_1Mxd1SLKkAKty0Q865tqbf2E',
  billing_details: {
    address: {
      city: null,
      country: null,
      line1: null,
      line2: null,
      postal_code: null,
      state: null
    },
    email: null,
    name: 'Jenny Rosen',
    phone: null
  },
  calculated_statement_descriptor: null,
  captured: false,
  created: 1234567890,
  currency: 'usd',
  customer: null,
  description: 'My First Test Charge (created for API docs)',
  disputed: false,
  failure_balance_transaction: null,
  failure_code: null,
  failure_message: null,
  fraud_details: {},
  id: 'ch_1Mxd0bLKkAKty0Q8DEuYK0FT',
  invoice: null,
  livemode: false,
  metadata: {},
  object: 'charge',
  on_behalf_of: null,
  outcome: null,
  paid: true,
  payment_intent: null,
  payment_method: 'card_1Mxd0RLKkAKty0Q8CJ4cd7dP',
  payment_method_details: {
    card: {
      brand: 'visa',
      checks: {
        address_line1_check: null,
        address_postal_code_check: null,
        cvc_check: 'pass'
      },
      country: 'US',
      exp_month: 8,
      exp_year: 2024,
      fingerprint: '7dVYSBHBHvIHH43n',
      funding: 'credit',
      installments: null,
      last4: '4242',
      mandate: null,
      network: 'visa',
      three_d_secure: null,
      wallet: null
    },
    type: 'card'
  },
  receipt_email: null,
  receipt_number: null,
  receipt_url: 'https://rcastell-manage-mydev.dev.stripe.me/receipts/acct_1MxczhLKkAKty0Q8/ch_1Mxd0bLKkAKty0Q8DEuYK0FT/rcpt_Nj5AsSfIN8y2s25Xoa8YONXWE8QziR7',
  refunded: false,
  refunds: {
    data: [],
    has_more: false,
    object: 'list',
    url: '/v1/charges/ch_1Mxd0bLKkAKty0Q8DEuYK0FT/refunds'
  },
  review: null,
  shipping: null,
  source_transfer: null,
  statement_descriptor: null,
  statement_descriptor_suffix: null,
  status: 'succeeded',
  transfer_data: null,
  transfer_group: null
} satisfies Omit<Stripe.Charge, 'destination' | 'dispute' | 'source'>;

const refund = {
  amount: 100,
  balance_transaction: null,
  charge: 'ch_1Mxd0bLKkAKty0Q8DEuYK0FT',
  created: 1234567890,
  currency: 'usd',
  id: 're_1MxrbfLKkAKty0Q8PfWID28X',
  metadata: {},
  object: 'refund',
  payment_intent: null,
  reason: null,
  receipt_number: null,
  source_transfer_reversal: null,
  status: 'succeeded',
  transfer_reversal: null
} satisfies Stripe.Refund;

const dispute = {
  amount: 1000,
  balance_transactions: [],
  charge: 'ch_1Mxd0bLKkAKty0Q8DEuYK0FT',
  created: 1234567890,
  currency: 'usd',
  evidence: {
    access_activity_log: null,
    billing_address: null,
    cancellation_policy: null,
    cancellation_policy_disclosure: null,
    cancellation_rebuttal: null,
    customer_communication: null,
    customer_email_address: null,
    customer_name: null,
    customer_purchase_ip: null,
    customer_signature: null,
    duplicate_charge_documentation: null,
    duplicate_charge_explanation: null,
    duplicate_charge_id: null,
    product_description: null,
    receipt: null,
    refund_policy: null,
    refund_policy_disclosure: null,
    refund_refusal_explanation: null,
    service_date: null,
    service_documentation: null,
    shipping_address: null,
    shipping_carrier: null,
    shipping_date: null,
    shipping_documentation: null,
    shipping_tracking_number: null,
    uncategorized_file: null,
    uncategorized_text: null
  },
  evidence_details: {
    due_by: 1683417599,
    has_evidence: false,
    past_due: false,
    submission_count: 0
  },
  id: 'dp_1MxrbfLKkAKty0Q8jF0Hgq2S',
  is_charge_refundable: true,
  livemode: false,
  metadata: {},
  object: 'dispute',
  payment_intent: null,
  reason: 'general',
  status: 'warning_needs_response'
} satisfies Stripe.Dispute;

const endpoint = {
  api_version: null,
  application: null,
  created: 1234567890,
  description: 'This is my webhook, I like it a lot',
  enabled_events: [
    'charge.failed',
    'charge.succeeded'
  ],
  id: 'we_1MxrbnLKkAKty0Q82riUe9BP',
  livemode: false,
  metadata: {},
  object: 'webhook_endpoint',
  status: 'enabled',
  url: 'https://example.com/my/webhook/endpoint'
} satisfies Stripe.WebhookEndpoint;

describe("the SDK's types", () => {
  it("take Stripe's fixtures of the same release, which are the objects above", () => {
    expect(session).toEqual(sameRelease['checkout.session']);
    expect(lineItem).toEqual(sameRelease.item);
    expect(paymentIntent).toEqual(sameRelease.payment_intent);
    expect(charge).toEqual(sameRelease.charge);
    expect(refund).toEqual(sameRelease.refund);
    expect(dispute).toEqual(sameRelease.dispute);
    expect(endpoint).toEqual(sameRelease.webhook_endpoint);
  });

  it('differ from the schema only as wire-types.ts says', () => {
    // The SDK's types require properties the schema lacks (each line fails to compile once they do not)…
    // @ts-expect-error a PaymentIntent's `source`
    const sdkPaymentIntent: Stripe.PaymentIntent = paymentIntent;
    // @ts-expect-error a Charge's `destination`, `dispute` and `source`
    const sdkCharge: Stripe.Charge = charge;
    const { refunds: _, ...unexpanded } = charge;
    // @ts-expect-error and its `refunds`, which Stripe leaves out unless expanded
    const sdkUnexpanded: Stripe.Charge = { ...unexpanded, destination: null, dispute: null, source: null };
    expect([sdkPaymentIntent, sdkCharge, sdkUnexpanded]).toHaveLength(3);
    // … and the schema refuses them, so the double leaves them out; a Charge's `refunds` it takes.
    expect(schemaProblems('payment_intent', { ...paymentIntent, source: null })).toEqual(['payment_intent: / must NOT have additional properties (source)']);
    expect(schemaProblems('charge', { ...charge, destination: null, dispute: null, source: null })).toEqual(
      ['destination', 'dispute', 'source'].map((name) => `charge: / must NOT have additional properties (${name})`),
    );
    expect(schemaProblems('charge', unexpanded)).toEqual([]);
    // The double's own types take the fixtures as they are, `refunds` aside.
    const wire: [WirePaymentIntent, WireCharge, WireCheckoutSession] = [paymentIntent, unexpanded, session];
    expect(wire).toHaveLength(3);
  });

  it('and the document agree on the key fields of a session, a refund and an endpoint', () => {
    // Each value below is typed by the SDK (a wrong one fails the typecheck) and checked here.
    const statuses: Array<Stripe.Checkout.Session.Status | null> = ['open', 'complete', 'expired', null];
    const paymentStatuses: Stripe.Checkout.Session.PaymentStatus[] = ['paid', 'unpaid', 'no_payment_required'];
    for (const status of statuses) expect(schemaProblems('checkout.session', { ...fixture('checkout.session'), status })).toEqual([]);
    for (const payment_status of paymentStatuses) expect(schemaProblems('checkout.session', { ...fixture('checkout.session'), payment_status })).toEqual([]);
    const refundStatus: Stripe.Refund['status'] = 'succeeded';
    const refundObject: Stripe.Refund['object'] = 'refund';
    expect(schemaProblems('refund', { ...fixture('refund'), status: refundStatus, object: refundObject, amount: refund.amount })).toEqual([]);
    const endpointStatus: Stripe.WebhookEndpoint['status'] = endpoint.status;
    expect(schemaProblems('webhook_endpoint', { ...fixture('webhook_endpoint'), status: endpointStatus, enabled_events: endpoint.enabled_events })).toEqual([]);
  });
});

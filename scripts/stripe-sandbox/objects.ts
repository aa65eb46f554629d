// The objects themselves, each built with every property its type and Stripe's schema hold (null
// where Stripe gives null, as the fixtures of Stripe's document show them): Checkout Sessions and
// their line items, PaymentIntents, Charges, Refunds, Disputes. What changes them afterwards lives
// with the flow that changes them (checkout-sessions.ts, payments.ts, refunds.ts, disputes.ts).
import type Stripe from 'stripe';
import { clientSecretOf, newId, newSessionId, randomChars } from './ids.ts';
import type { WireCharge, WireCheckoutSession, WirePaymentIntent } from './wire-types.ts';

export interface LineInput {
  currency: string;
  unitAmount: number;
  quantity: number;
  productName: string;
}

/** A line as Stripe answers it, with the ad hoc Price `price_data` makes (inactive, as Stripe's are). */
export function newLineItem(line: LineInput, created: number): Stripe.LineItem {
  const amount = line.unitAmount * line.quantity;
  return {
    id: newId('li'),
    object: 'item',
    amount_discount: 0,
    amount_subtotal: amount,
    amount_tax: 0,
    amount_total: amount,
    currency: line.currency,
    description: line.productName,
    price: {
      id: newId('price'),
      object: 'price',
      active: false,
      billing_scheme: 'per_unit',
      created,
      currency: line.currency,
      custom_unit_amount: null,
      livemode: false,
      lookup_key: null,
      metadata: {},
      nickname: null,
      product: `prod_${randomChars(14)}`,
      recurring: null,
      tax_behavior: 'unspecified',
      tiers_mode: null,
      transform_quantity: null,
      type: 'one_time',
      unit_amount: line.unitAmount,
      unit_amount_decimal: String(line.unitAmount),
    },
    quantity: line.quantity,
  };
}

export interface SessionInput {
  lineItems: Stripe.LineItem[];
  currency: string;
  successUrl: string;
  cancelUrl: string | null;
  clientReferenceId: string | null;
  customerEmail: string | null;
  locale: Stripe.Checkout.Session.Locale | null;
  expiresAt: number;
  metadata: Record<string, string>;
  paymentMethodTypes: string[];
  consentCollection: WireCheckoutSession['consent_collection'];
}

/** An open Checkout Session in payment mode, its hosted page at `pageUrl(id)`. */
export function newCheckoutSession(input: SessionInput, created: number, pageUrl: (id: string) => string): WireCheckoutSession {
  const id = newSessionId();
  const total = input.lineItems.reduce((sum, line) => sum + line.amount_total, 0);
  return {
    id,
    object: 'checkout.session',
    after_expiration: null,
    allow_promotion_codes: null,
    amount_subtotal: total,
    amount_total: total,
    automatic_tax: { enabled: false, status: null },
    billing_address_collection: null,
    cancel_url: input.cancelUrl,
    client_reference_id: input.clientReferenceId,
    consent: null,
    consent_collection: input.consentCollection,
    created,
    currency: input.currency,
    currency_conversion: null,
    custom_fields: [],
    custom_text: { shipping_address: null, submit: null },
    customer: null,
    customer_creation: 'if_required',
    customer_details: null,
    customer_email: input.customerEmail,
    expires_at: input.expiresAt,
    invoice: null,
    invoice_creation: null,
    livemode: false,
    locale: input.locale,
    metadata: input.metadata,
    mode: 'payment',
    payment_intent: null,
    payment_link: null,
    payment_method_collection: 'always',
    payment_method_options: {},
    payment_method_types: input.paymentMethodTypes,
    payment_status: 'unpaid',
    phone_number_collection: { enabled: false },
    recovered_from: null,
    setup_intent: null,
    shipping_address_collection: null,
    shipping_cost: null,
    shipping_details: null,
    shipping_options: [],
    status: 'open',
    submit_type: null,
    subscription: null,
    success_url: input.successUrl,
    total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
    url: pageUrl(id),
  };
}

/** The PaymentIntent Checkout makes when the customer first submits the page. */
export function newPaymentIntent(session: WireCheckoutSession, created: number): WirePaymentIntent {
  const id = newId('pi');
  return {
    id,
    object: 'payment_intent',
    amount: session.amount_total ?? 0,
    amount_capturable: 0,
    amount_details: { tip: {} },
    amount_received: 0,
    application: null,
    application_fee_amount: null,
    automatic_payment_methods: null,
    canceled_at: null,
    cancellation_reason: null,
    capture_method: 'automatic_async',
    client_secret: clientSecretOf(id),
    confirmation_method: 'automatic',
    created,
    currency: session.currency ?? 'eur',
    customer: null,
    description: null,
    invoice: null,
    last_payment_error: null,
    latest_charge: null,
    livemode: false,
    metadata: {},
    next_action: null,
    on_behalf_of: null,
    payment_method: null,
    payment_method_options: {},
    payment_method_types: session.payment_method_types,
    processing: null,
    receipt_email: null,
    review: null,
    setup_future_usage: null,
    shipping: null,
    statement_descriptor: null,
    statement_descriptor_suffix: null,
    status: 'requires_payment_method',
    transfer_data: null,
    transfer_group: null,
  };
}

/** Stripe's test card 4242 4242 4242 4242 (a Visa), or 4000 0000 0000 0002 when it is declined. */
function cardDetails(declined: boolean): Stripe.Charge.PaymentMethodDetails {
  return {
    type: 'card',
    card: {
      brand: 'visa',
      checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: 'pass' },
      country: 'FR',
      exp_month: 12,
      exp_year: new Date().getUTCFullYear() + 3,
      fingerprint: declined ? 'sandboxDeclined0' : 'sandboxVisa4242',
      funding: 'credit',
      installments: null,
      last4: declined ? '0002' : '4242',
      mandate: null,
      network: 'visa',
      three_d_secure: null,
      wallet: null,
    },
  };
}

/** Stripe's test IBAN FR14 2004 1010 0505 0001 3M02 606, debited under a mandate. */
const sepaDebitDetails = (): Stripe.Charge.PaymentMethodDetails => ({
  type: 'sepa_debit',
  sepa_debit: { bank_code: '20041', branch_code: '01005', country: 'FR', fingerprint: 'sandboxSepaFR14', last4: '2606', mandate: newId('mandate') },
});

export type ChargeKind = 'card' | 'card_declined' | 'sepa_debit';

/** A charge of a PaymentIntent: card (succeeded), card declined (failed), SEPA debit (pending until it settles). */
export function newCharge(paymentIntent: WirePaymentIntent, kind: ChargeKind, email: string, created: number): WireCharge {
  const declined = kind === 'card_declined';
  const pending = kind === 'sepa_debit';
  return {
    id: newId('ch'),
    object: 'charge',
    amount: paymentIntent.amount,
    amount_captured: declined ? 0 : paymentIntent.amount,
    amount_refunded: 0,
    application: null,
    application_fee: null,
    application_fee_amount: null,
    balance_transaction: null,
    billing_details: { address: { city: null, country: 'FR', line1: null, line2: null, postal_code: null, state: null }, email, name: null, phone: null },
    calculated_statement_descriptor: null,
    captured: !declined,
    created,
    currency: paymentIntent.currency,
    customer: null,
    description: null,
    disputed: false,
    failure_balance_transaction: null,
    failure_code: declined ? 'card_declined' : null,
    failure_message: declined ? 'Your card was declined.' : null,
    fraud_details: {},
    invoice: null,
    livemode: false,
    metadata: {},
    on_behalf_of: null,
    outcome:
      declined ? { network_status: 'declined_by_network', reason: 'generic_decline', risk_level: 'normal', risk_score: 20, seller_message: 'The bank did not return any further details with this decline.', type: 'issuer_declined' }
      : pending ? { network_status: 'approved_by_network', reason: null, risk_level: 'not_assessed', seller_message: 'Payment complete.', type: 'authorized' }
      : { network_status: 'approved_by_network', reason: null, risk_level: 'normal', risk_score: 20, seller_message: 'Payment complete.', type: 'authorized' },
    paid: !declined && !pending,
    payment_intent: paymentIntent.id,
    payment_method: newId('pm'),
    payment_method_details: pending ? sepaDebitDetails() : cardDetails(declined),
    receipt_email: null,
    receipt_number: null,
    receipt_url: null,
    refunded: false,
    review: null,
    shipping: null,
    source_transfer: null,
    statement_descriptor: null,
    statement_descriptor_suffix: null,
    status: declined ? 'failed' : pending ? 'pending' : 'succeeded',
    transfer_data: null,
    transfer_group: null,
  };
}

export function newRefund(charge: WireCharge, amount: number, reason: Stripe.Refund.Reason | null, metadata: Record<string, string>, created: number): Stripe.Refund {
  return {
    id: newId('re'),
    object: 'refund',
    amount,
    balance_transaction: null,
    charge: charge.id,
    created,
    currency: charge.currency,
    metadata,
    payment_intent: typeof charge.payment_intent === 'string' ? charge.payment_intent : null,
    reason,
    receipt_number: null,
    source_transfer_reversal: null,
    status: 'succeeded',
    transfer_reversal: null,
  };
}

/** Seven days to answer, the time Stripe gives before a dispute's evidence is due. */
const evidenceWindowSeconds = 7 * 24 * 60 * 60;

export function newDispute(charge: WireCharge, amount: number, reason: string, created: number): Stripe.Dispute {
  return {
    id: newId('dp'),
    object: 'dispute',
    amount,
    balance_transactions: [],
    charge: charge.id,
    created,
    currency: charge.currency,
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
      uncategorized_text: null,
    },
    evidence_details: { due_by: created + evidenceWindowSeconds, has_evidence: false, past_due: false, submission_count: 0 },
    is_charge_refundable: false,
    livemode: false,
    metadata: {},
    payment_intent: typeof charge.payment_intent === 'string' ? charge.payment_intent : null,
    reason,
    status: 'needs_response',
  };
}

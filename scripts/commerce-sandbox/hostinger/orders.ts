// The orders of Hostinger's Ecommerce API as the double keeps them: one per checkout paid on the
// hosted page, held in the exact shape of the API's order detail (OrderDetailResource in
// openapi.json), from which the list's summary is cut. What hPanel does to an order (refund some
// lines, an amount or the rest; cancel) changes the figures the API shows, as the real service's
// would: `refunded_total`, `returned_quantity`, `payment_status` and `status`.
import { randomBytes } from 'node:crypto';

export type PaymentStatus = 'not_paid' | 'awaiting' | 'captured' | 'partially_refunded' | 'refunded' | 'canceled' | 'requires_action' | 'not_required';
export type OrderStatus = 'pending' | 'completed' | 'archived' | 'canceled' | 'requires_action';
export type FulfillmentStatus = 'not_fulfilled' | 'partially_fulfilled' | 'fulfilled' | 'partially_shipped' | 'shipped' | 'partially_returned' | 'returned' | 'canceled' | 'requires_action';

export interface OrderItem {
  id: string;
  title: string;
  sku: string | null;
  variant_id: string | null;
  quantity: number;
  fulfilled_quantity: number;
  returned_quantity: number;
  unit_price: number;
  total: number;
}

export interface OrderDetail {
  id: string;
  display_id: number;
  status: OrderStatus;
  payment_status: PaymentStatus;
  fulfillment_status: FulfillmentStatus;
  total: number;
  currency_code: string;
  customer_email: string | null;
  item_count: number;
  created_at: string;
  merchant_note: string | null;
  subtotal: number;
  discount_total: number;
  tax_total: number;
  shipping_total: number;
  paid_total: number;
  refunded_total: number;
  shipping_address: null;
  billing_address: null;
  items: OrderItem[];
  fulfillments: never[];
}

export type OrderSummary = Pick<OrderDetail, 'id' | 'display_id' | 'status' | 'payment_status' | 'fulfillment_status' | 'total' | 'currency_code' | 'customer_email' | 'item_count' | 'created_at'>;

export interface PaidLine {
  variant_id: string;
  product_title: string;
  variant_title: string;
  quantity: number;
  unit_price_cents: number;
}

// Crockford's base 32, as the API's ids (`order_01J8Z5F8W9K8M4A7B3C2D1E0FG`) are ULIDs.
const crockford = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** A ULID: 10 characters of the time in milliseconds, then 16 random ones. */
function ulid(now = Date.now()): string {
  let time = '';
  for (let rest = now, i = 0; i < 10; i++, rest = Math.floor(rest / 32)) time = crockford[rest % 32] + time;
  return time + [...randomBytes(16)].map((byte) => crockford[byte % 32]).join('');
}

/** The API's timestamps carry microseconds: `2026-01-21T07:35:04.000000Z`. */
export const apiTimestamp = (date: Date) => date.toISOString().replace(/\.(\d{3})Z$/, '.$1000Z');

/** The order a checkout paid on the hosted page becomes: captured, nothing fulfilled or given back. */
export function paidOrder(lines: PaidLine[], email: string, displayId: number, currency: string): OrderDetail {
  const items = lines.map((line) => ({
    id: `item_${ulid()}`,
    title: `${line.product_title} / ${line.variant_title}`,
    sku: null,
    variant_id: line.variant_id,
    quantity: line.quantity,
    fulfilled_quantity: 0,
    returned_quantity: 0,
    unit_price: line.unit_price_cents,
    total: line.unit_price_cents * line.quantity,
  }));
  const total = items.reduce((sum, item) => sum + item.total, 0);
  return {
    id: `order_${ulid()}`,
    display_id: displayId,
    status: 'pending',
    payment_status: 'captured',
    fulfillment_status: 'not_fulfilled',
    total,
    currency_code: currency,
    customer_email: email,
    item_count: items.length,
    created_at: apiTimestamp(new Date()),
    merchant_note: null,
    subtotal: total,
    discount_total: 0,
    tax_total: 0,
    shipping_total: 0,
    paid_total: total,
    refunded_total: 0,
    shipping_address: null,
    billing_address: null,
    items,
    fulfillments: [],
  };
}

export const summaryOf = (order: OrderDetail): OrderSummary => ({
  id: order.id,
  display_id: order.display_id,
  status: order.status,
  payment_status: order.payment_status,
  fulfillment_status: order.fulfillment_status,
  total: order.total,
  currency_code: order.currency_code,
  customer_email: order.customer_email,
  item_count: order.item_count,
  created_at: order.created_at,
});

/** What hPanel's refund dialog is asked for: some lines, an amount, or (neither) all that is left. */
export interface RefundInstruction {
  items?: Array<{ variant_id: string; quantity: number }>;
  amount?: number;
}

export type RefundResult = { ok: true } | { ok: false; message: string };

const refundable = (order: OrderDetail) => order.paid_total - order.refunded_total;

function settlePaymentStatus(order: OrderDetail): void {
  if (order.refunded_total === 0) return;
  order.payment_status = order.refunded_total >= order.paid_total ? 'refunded' : 'partially_refunded';
  const returned = order.items.reduce((sum, item) => sum + item.returned_quantity, 0);
  const bought = order.items.reduce((sum, item) => sum + item.quantity, 0);
  if (returned > 0) order.fulfillment_status = returned >= bought ? 'returned' : 'partially_returned';
}

/**
 * Gives money back as hPanel does: lines returned (their quantity and their price), a bare amount,
 * or, asked for neither, every line not yet returned and whatever money is left.
 */
export function refundOrder(order: OrderDetail, instruction: RefundInstruction): RefundResult {
  if (order.status === 'canceled' || !['captured', 'partially_refunded'].includes(order.payment_status)) return { ok: false, message: `an order ${order.payment_status} cannot be refunded` };
  if (instruction.items && instruction.amount !== undefined) return { ok: false, message: 'refund lines or an amount, not both' };
  if (instruction.amount !== undefined) {
    if (!Number.isInteger(instruction.amount) || instruction.amount < 1 || instruction.amount > refundable(order)) return { ok: false, message: `the amount must be between 1 and ${refundable(order)}` };
    order.refunded_total += instruction.amount;
    settlePaymentStatus(order);
    return { ok: true };
  }
  const wanted = instruction.items ?? order.items.map((item) => ({ variant_id: item.variant_id!, quantity: item.quantity - item.returned_quantity })).filter((line) => line.quantity > 0);
  let amount = 0;
  for (const line of wanted) {
    const item = order.items.find((candidate) => candidate.variant_id === line.variant_id);
    if (!item) return { ok: false, message: `the order has no line of ${line.variant_id}` };
    if (!Number.isInteger(line.quantity) || line.quantity < 1 || item.returned_quantity + line.quantity > item.quantity) return { ok: false, message: `at most ${item.quantity - item.returned_quantity} of ${line.variant_id} can be returned` };
    amount += line.quantity * item.unit_price;
  }
  // Asked for the rest, what is left of the money goes back with the lines.
  if (!instruction.items) amount = refundable(order);
  if (amount === 0 || amount > refundable(order)) return { ok: false, message: 'nothing is left to refund' };
  for (const line of wanted) order.items.find((item) => item.variant_id === line.variant_id)!.returned_quantity += line.quantity;
  order.refunded_total += amount;
  settlePaymentStatus(order);
  return { ok: true };
}

/**
 * Cancels an order as the API's cancel and hPanel do. The money captured and not yet given back
 * is refunded with it, as a store built on Medusa's order model (whose statuses these are) does.
 */
export function cancelOrder(order: OrderDetail): RefundResult {
  if (order.status === 'canceled') return { ok: false, message: 'the order is already canceled' };
  if (refundable(order) > 0 && ['captured', 'partially_refunded'].includes(order.payment_status)) {
    order.refunded_total = order.paid_total;
    order.payment_status = 'refunded';
  } else if (order.payment_status === 'not_paid' || order.payment_status === 'awaiting') {
    order.payment_status = 'canceled';
  }
  order.status = 'canceled';
  order.fulfillment_status = 'canceled';
  return { ok: true };
}

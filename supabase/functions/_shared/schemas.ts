// The request bodies the functions accept. Unknown keys (a `price` sent by a tampered client)
// are dropped by parsing, so nothing but these fields can reach the functions' logic.
import { z } from 'zod';
import { badRequest } from './errors.ts';

/** More of one digital item than anyone buys at once; a guard against absurd totals. */
export const maxQuantity = 100;
const maxLines = 50;

/**
 * The zones found valid so far: building a DateTimeFormat loads the zone's rules, a cost paid at
 * every checkout otherwise. Only valid names are kept, so the set cannot grow past the IANA list.
 */
const validTimeZones = new Set<string>();

const isTimeZone = (value: string) => {
  if (validTimeZones.has(value)) return true;
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
  } catch {
    return false;
  }
  validTimeZones.add(value);
  return true;
};

const isLocale = (value: string) => {
  try {
    return Intl.getCanonicalLocales(value).length === 1;
  } catch {
    return false;
  }
};

export const CheckoutItem = z.object({
  variant_id: z.string().trim().min(1).max(200),
  quantity: z.number().int().min(1).max(maxQuantity),
});

/**
 * The two boxes of the cart panel: the CGV version the buyer was shown and accepted, and the
 * request for immediate access with the acknowledged loss of the withdrawal right. Absent or
 * false, create-checkout refuses with the French sentence the panel shows (create-checkout/consent.ts).
 */
export const CheckoutConsent = z.object({
  cgvVersion: z.number().int().min(1).nullish(),
  acceptsCgv: z.boolean().nullish(),
  requestsImmediateAccess: z.boolean().nullish(),
});

export const CreateCheckoutBody = z.object({
  items: z
    .array(CheckoutItem)
    .max(maxLines)
    .refine((items) => new Set(items.map((item) => item.variant_id)).size === items.length, 'each variant may appear on one line only'),
  successUrl: z.url({ protocol: /^https?$/ }),
  cancelUrl: z.url({ protocol: /^https?$/ }),
  locale: z.string().max(35).refine(isLocale, 'not a BCP 47 language tag'),
  timeZone: z.string().max(64).refine(isTimeZone, 'not an IANA time zone'),
  consent: CheckoutConsent.nullish(),
});

/** The shop's own checkout id, which the buyer's return to `/success?checkout=` names. */
export const RecordOrderBody = z.object({ checkout_id: z.string().trim().min(1).max(255) });

/** `all`: every buyer's pending checkouts (the schedule, service role); `mine`: the caller's own. */
export const ReconcileCheckoutsBody = z.object({ scope: z.enum(['all', 'mine']) });

/**
 * The administrator's refund: the whole order (`order_item_ids` omitted: every line not yet
 * refunded) or chosen lines, a reason, and `request_id`, one per confirmation (the idempotency key:
 * a double click or a retry sends the same one). `offline`: the money went back elsewhere.
 */
export const RefundOrderBody = z.object({
  order_id: z.uuid(),
  order_item_ids: z.array(z.uuid()).min(1).max(100).optional(),
  reason: z.string().trim().min(1).max(500),
  request_id: z.uuid(),
  offline: z.boolean().default(false),
});

export const SetAdminRoleBody = z.object({ adminEmail: z.email().max(320) });

/** `attachment`: the browser saves the file under its French name; `inline`: the viewer shows it. */
export const IssueDownloadBody = z.object({
  order_item_id: z.uuid(),
  disposition: z.enum(['attachment', 'inline']),
});

/** An order's invoice, or one of its credit notes (« avoirs »). */
export const InvoicePdfBody = z.union([z.object({ order_id: z.uuid() }).strict(), z.object({ credit_note_id: z.uuid() }).strict()]);

/** The caller's password, re-entered to erase their account (GoTrue accepts at most 72 bytes). */
export const DeleteAccountBody = z.object({ password: z.string().min(1).max(200) });

/** A variant's uploaded file, to check and attach: a path under `products/`, as the bucket names them. */
export const AttachDeliverableBody = z.object({
  variant_id: z.string().trim().min(1).max(255),
  object_path: z
    .string()
    .max(1024)
    .regex(/^products\/[A-Za-z0-9][A-Za-z0-9._-]*(\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/, 'not a product file path'),
});

/** The widget's token (Turnstile's are at most 2,048 characters); empty when the widget was not solved. */
export const ContactCaptchaBody = z.object({ token: z.string().trim().max(4096).default('') });

/** Parses a body or throws a 400 that names the first wrong field. */
export function parseBody<T>(schema: z.ZodType<T>, body: unknown): T {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const where = issue?.path.length ? `${issue.path.join('.')}: ` : '';
  throw badRequest('invalid_request', `${where}${issue?.message ?? 'invalid body'}`);
}

// What `record-order`'s answer means for the buyer on /success. Only `{ order_id }` is a recorded
// order; every refusal has its own outcome, so the page never thanks for a payment it has not seen.
import { FunctionsFetchError, FunctionsHttpError } from '@supabase/supabase-js';

/** Every state /success can be in besides the thank-you. */
export type OrderOutcome = 'missing-checkout' | 'signed-out' | 'not-found' | 'not-paid' | 'processing' | 'declined' | 'needs-review' | 'failed';

/** The outcomes an answer of `record-order` can have (a link without checkout id never asks it). */
export type RecordOrderFailure = Exclude<OrderOutcome, 'missing-checkout'>;

export class RecordOrderError extends Error {
  constructor(readonly failure: RecordOrderFailure) {
    super(`record-order failed: ${failure}`);
    this.name = 'RecordOrderError';
  }
}

const byCode = new Map<unknown, RecordOrderFailure>([
  ['checkout_not_found', 'not-found'],
  ['payment_not_completed', 'not-paid'],
  ['payment_processing', 'processing'],
  ['payment_declined', 'declined'],
  ['checkout_needs_review', 'needs-review'],
  ['not_signed_in', 'signed-out'],
]);

/**
 * `record-order`'s refusal, by its code first, else its status: 404 (and a checkout id it cannot
 * even read, 400) is a checkout the caller has not got; 401 a sign-in that expired; anything else,
 * the commerce service or the function failing, is worth another try.
 */
export function failureOf(status: number, code: unknown): RecordOrderFailure {
  const known = byCode.get(code);
  if (known) return known;
  if (status === 404 || status === 400) return 'not-found';
  if (status === 401) return 'signed-out';
  return 'failed';
}

/** Any failure of asking `record-order`, as a RecordOrderError. */
export async function toRecordOrderError(error: unknown): Promise<RecordOrderError> {
  if (error instanceof RecordOrderError) return error;
  if (error instanceof FunctionsFetchError || !(error instanceof FunctionsHttpError)) return new RecordOrderError('failed');
  const response = error.context as Response;
  const body: unknown = await response.json().catch(() => null);
  return new RecordOrderError(failureOf(response.status, (body as { error?: { code?: unknown } } | null)?.error?.code));
}

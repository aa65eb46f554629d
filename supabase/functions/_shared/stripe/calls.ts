// One request to Stripe's API through the SDK, as the providers make every call: it takes one of
// the run's requests (request-budget.ts), and whatever goes wrong (unreachable, refused, a 5xx) is a
// CommerceError naming the call, Stripe's error type and code and its message, which masks keys
// (`sk_test_***…1234`) and holds no other credential. `refusal` lets a caller keep a refusal it
// answers itself (a refund Stripe will not make) as the SDK's error.
import Stripe from 'stripe';
import { CommerceError } from '../errors.ts';
import type { RequestBudget } from '../request-budget.ts';

/** A request Stripe refused as invalid, by its error code or the parameter it names. */
export const refusedFor = (error: unknown, codes: string[], params: string[] = []): error is Stripe.errors.StripeInvalidRequestError =>
  error instanceof Stripe.errors.StripeInvalidRequestError && (codes.includes(error.code ?? '') || params.includes(error.param ?? ''));

/** Stripe has no such object (a session of another account or mode, one Stripe forgot). */
export const missing = (error: unknown) => refusedFor(error, ['resource_missing']);

export function commerceErrorOf(what: string, error: unknown): CommerceError {
  if (error instanceof Stripe.errors.StripeError) {
    const status = error.statusCode ? `HTTP ${error.statusCode}: ` : '';
    return new CommerceError(`${what}: ${status}${error.type}${error.code ? ` (${error.code})` : ''}: ${error.message}`, { cause: error });
  }
  return new CommerceError(`${what}: ${(error as Error).message}`, { cause: error });
}

export async function stripeCall<T>(what: string, budget: RequestBudget, call: () => Promise<T>, refusal: (error: unknown) => boolean = () => false): Promise<T> {
  budget.take();
  try {
    return await call();
  } catch (error) {
    if (refusal(error)) throw error;
    throw commerceErrorOf(what, error);
  }
}

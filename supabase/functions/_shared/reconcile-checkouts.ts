// The reconciliation itself (reconcile-checkouts, and create-checkout for a buyer at the limit of
// pending checkouts): the checkouts of the last day not recorded yet (and those of erased accounts,
// for a week), and of an hour more, are matched to the provider's payments in one pass
// (commerce-provider.ts, findPayments), and settled. Those the shop stopped waiting for
// (`canceled`: the buyer opened another; `expired`) are matched too, until their lifetime is over:
// a hosted page left open can still be paid, and its payment is never dropped. The schedule also
// reads, at any age, the checkouts whose debit the provider settled or failed in the last 30 days
// (a SEPA debit answers days later): their webhook lost, they are recorded or expired all the same.
// - paid: recorded by `record_order`, naming the payment (idempotent, so a racing record-order
//   makes the same one order; a payment another checkout took meanwhile leaves this one pending);
// - nothing paid: still pending, until its lifetime is over, then `expired` (at once when the
//   provider closed it unpaid; never while a debit is on its way);
// - several payments could each be it: filed in payment_issues (`ambiguous`), set aside as
//   `needs_review`, and the candidates filed as unmatched payments for the administrator to
//   attach by hand.
// When the provider cannot be asked (down, rate-limited, out of this run's budget) every checkout
// stays pending for the next run.
import type { SupabaseClient } from '@supabase/supabase-js';
import type { CommerceProvider, PaymentLookup, PricedCheckout, ProviderPayment } from './commerce-provider.ts';
import { CommerceError } from './errors.ts';
import { pricedCheckoutColumns, recordPaidCheckout, takenPayments } from './record-payment.ts';

export interface ReconciliationSummary {
  recorded: number;
  expired: number;
  issues: number;
  still_pending: number;
  /** The provider could not be asked about every checkout (down, rate-limited, out of this run's budget): those wait for the next run. */
  provider_failed: boolean;
  /** Why, when the provider failed outright: its status and message, never a credential. */
  provider_error?: string;
}

interface PendingCheckout extends PricedCheckout {
  /** Null once its buyer erased their account. */
  user_id: string | null;
  status: 'pending' | 'canceled' | 'expired';
}

const hourMs = 60 * 60 * 1000;
/** How long a hosted checkout is waited for before it is given up as expired. */
const checkoutLifetimeMs = 24 * hourMs;
// A checkout of an erased account is waited for longer: no buyer's visit will bring it back.
const detachedLifetimeMs = 7 * 24 * hourMs;
// The page of the pending list: PostgREST's max_rows (supabase/config.toml).
const pageSize = 1000;

/** Checkouts waiting for a payment since a time (of one buyer, or everyone's), those of erased accounts, or those named. */
type PendingFilter = { since: string; userId?: string } | { detached: true; since: string } | { ids: string[] };

async function readPending(service: SupabaseClient, filter: PendingFilter): Promise<PendingCheckout[]> {
  const pending: PendingCheckout[] = [];
  for (let from = 0; ; from += pageSize) {
    let query = service.from('checkout_sessions').select(`${pricedCheckoutColumns}, user_id, status`).in('status', ['pending', 'canceled', 'expired']);
    if ('ids' in filter) query = query.in('id', filter.ids);
    else query = query.gte('created_at', filter.since);
    if ('detached' in filter) query = query.is('user_id', null);
    else if ('userId' in filter && filter.userId) query = query.eq('user_id', filter.userId);
    const { data, error } = await query.order('id').range(from, from + pageSize - 1).returns<PendingCheckout[]>();
    if (error) throw new Error(`reading pending checkouts: ${error.message}`);
    pending.push(...data);
    if (data.length < pageSize) return pending;
  }
}

/**
 * Checkouts of a lifetime are read for that lifetime and an hour more: the run after it is over
 * still reads them, and expires those nobody paid (which forgets an erased buyer's name and e-mail).
 */
const readSince = (lifetimeMs: number) => new Date(Date.now() - lifetimeMs - hourMs).toISOString();

/** How far back the provider's settled debits are read: Stripe keeps its events 30 days, and a debit settles within 14 business days. */
const settledLaterLookBackMs = 30 * 24 * hourMs;
/** Ids per read of named checkouts: a short enough URL for PostgREST's `in` filter. */
const idsPerRead = 100;

/** The checkouts not recorded yet whose payment the provider settled or failed lately, whatever their age. */
async function settledLater(service: SupabaseClient, provider: CommerceProvider): Promise<PendingCheckout[]> {
  let ids: string[];
  try {
    ids = await provider.checkoutsSettledLater(new Date(Date.now() - settledLaterLookBackMs));
  } catch (error) {
    if (!(error instanceof CommerceError)) throw error;
    console.warn(`${provider.name} listing debits settled lately: ${error.message}; next run`);
    return [];
  }
  const named: PendingCheckout[] = [];
  for (let from = 0; from < ids.length; from += idsPerRead) named.push(...(await readPending(service, { ids: ids.slice(from, from + idsPerRead) })));
  return named;
}

/** `userId`'s pending checkouts, or everyone's and then those of erased accounts, for their longer lifetime, and those settled lately. */
async function pendingCheckouts(service: SupabaseClient, provider: CommerceProvider, userId: string | undefined): Promise<PendingCheckout[]> {
  const since = readSince(checkoutLifetimeMs);
  if (userId) return readPending(service, { since, userId });
  const all = new Map<string, PendingCheckout>();
  for (const checkout of await readPending(service, { since })) all.set(checkout.id, checkout);
  for (const checkout of await readPending(service, { detached: true, since: readSince(detachedLifetimeMs) })) if (!all.has(checkout.id)) all.set(checkout.id, checkout);
  for (const checkout of await settledLater(service, provider)) if (!all.has(checkout.id)) all.set(checkout.id, checkout);
  return [...all.values()];
}

const lifetimeOf = (checkout: PendingCheckout) => (checkout.user_id === null ? detachedLifetimeMs : checkoutLifetimeMs);

/** Only a checkout not recorded changes status: a late record-order's `completed` stands. */
export async function markPending(service: SupabaseClient, ids: string[], status: 'expired' | 'needs_review'): Promise<void> {
  if (ids.length === 0) return;
  const { error } = await service.from('checkout_sessions').update({ status }).in('id', ids).in('status', ['pending', 'canceled', 'expired']);
  if (error) throw new Error(`marking ${ids.length} checkouts ${status}: ${error.message}`);
}

/** What an unmatched payment keeps of a provider's payment. */
const unmatchedRow = (payment: ProviderPayment) => ({
  payment_id: payment.id,
  payment_reference: payment.reference,
  customer_email: payment.email,
  total_cents: payment.total_cents,
  currency: payment.currency,
  lines: payment.lines,
  paid_at: payment.paid_at,
});

/** Files payments for the administrator; one already filed stays as it was. */
export async function fileUnmatchedPayments(service: SupabaseClient, payments: ProviderPayment[]): Promise<void> {
  if (payments.length === 0) return;
  const { error } = await service.from('unmatched_payments').upsert(payments.map(unmatchedRow), { onConflict: 'payment_id', ignoreDuplicates: true });
  if (error) throw new Error(`filing ${payments.length} unmatched payments: ${error.message}`);
}

/** A checkout with no ambiguity about it: recorded, expired, or still waiting. */
async function settle(service: SupabaseClient, checkout: PendingCheckout, lookup: PaymentLookup | undefined): Promise<'recorded' | 'expired' | 'still_pending'> {
  if (lookup?.status === 'paid') return (await recordPaidCheckout(service, checkout.id, checkout.user_id, lookup.payment)) ? 'recorded' : 'still_pending';
  // A debit on its way is waited for, whatever its age; a checkout the provider closed unpaid is over now.
  if (lookup?.status === 'not_asked' || lookup?.status === 'processing') return 'still_pending';
  if (lookup?.status === 'closed' || lookup?.status === 'declined') return checkout.status === 'pending' ? 'expired' : 'still_pending';
  return checkout.status === 'pending' && Date.now() - Date.parse(checkout.created_at) > lifetimeOf(checkout) ? 'expired' : 'still_pending';
}

/** Reconciles every buyer's pending checkouts, or only `userId`'s. */
export async function reconcileCheckouts(service: SupabaseClient, provider: CommerceProvider, userId?: string): Promise<ReconciliationSummary> {
  const pending = await pendingCheckouts(service, provider, userId);
  const summary: ReconciliationSummary = { recorded: 0, expired: 0, issues: 0, still_pending: 0, provider_failed: false };
  let lookups: Map<string, PaymentLookup>;
  try {
    lookups = await provider.findPayments(pending, takenPayments(service));
  } catch (error) {
    if (!(error instanceof CommerceError)) throw error;
    console.warn(`${provider.name}: ${error.message}; ${pending.length} checkouts left pending for the next run`);
    return { ...summary, still_pending: pending.filter((checkout) => checkout.status === 'pending').length, provider_failed: true, provider_error: error.message };
  }

  summary.provider_failed = [...lookups.values()].some((lookup) => lookup.status === 'not_asked');
  const expired: string[] = [];
  const ambiguous: { checkout: PendingCheckout; candidates: ProviderPayment[] }[] = [];
  for (const checkout of pending) {
    const lookup = lookups.get(checkout.id);
    if (lookup?.status === 'ambiguous') {
      ambiguous.push({ checkout, candidates: lookup.candidates });
      continue;
    }
    try {
      const outcome = await settle(service, checkout, lookup);
      // One the shop stopped waiting for is looked at again, not counted as waiting.
      if (outcome === 'still_pending' && checkout.status !== 'pending') continue;
      if (outcome === 'expired') expired.push(checkout.id);
      summary[outcome]++;
    } catch (error) {
      // A database failure on one checkout must not hide the others; the next run tries it again.
      console.error(`reconciling ${checkout.id}`, error);
      summary.still_pending++;
    }
  }

  if (ambiguous.length > 0) {
    await fileUnmatchedPayments(service, ambiguous.flatMap(({ candidates }) => candidates));
    const issues = ambiguous.map(({ checkout, candidates }) => ({
      checkout_session_id: checkout.id,
      user_id: checkout.user_id,
      reason: 'ambiguous',
      detail: { candidates: candidates.map((payment) => ({ id: payment.id, reference: payment.reference, email: payment.email })) },
    }));
    const { error } = await service.from('payment_issues').upsert(issues, { onConflict: 'checkout_session_id' });
    if (error) throw new Error(`filing ${issues.length} payment issues: ${error.message}`);
    await markPending(service, ambiguous.map(({ checkout }) => checkout.id), 'needs_review');
    summary.issues += ambiguous.length;
  }
  await markPending(service, expired, 'expired');
  return summary;
}

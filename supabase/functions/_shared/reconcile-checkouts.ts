// The reconciliation itself (reconcile-checkouts, and create-checkout for a buyer at the limit of
// pending checkouts): each pending checkout of the last 24 hours (and any of an erased
// account, whatever its age) asked of the commerce service, judged as record-order judges it (_shared/verify-payment.ts), and settled: a paid one
// recorded by `record_order` (idempotent, so a racing record-order makes the same one order), a
// canceled or expired one marked so, one that cannot be recorded filed in payment_issues and set
// aside as `needs_review`. A checkout the service cannot tell about now (still open, or the
// service failing) stays pending for the next run; once the service has failed several look-ups
// in a row, the rest of the run asks it nothing more.
import type { SupabaseClient } from '@supabase/supabase-js';
import type { CommerceClient } from './commerce.ts';
import { CommerceError } from './errors.ts';
import { type PricedCheckout, pricedCheckoutColumns, recordPaidCheckout, verifyPayment } from './verify-payment.ts';

export interface ReconciliationSummary {
  recorded: number;
  canceled: number;
  expired: number;
  issues: number;
  still_pending: number;
}

interface PendingCheckout extends PricedCheckout {
  /** Null once its buyer erased their account. */
  user_id: string | null;
}

type Settlement =
  | { outcome: 'recorded' | 'canceled' | 'expired' | 'still_pending' }
  | { outcome: 'issue'; reason: 'mismatch' | 'unknown_session'; detail: Record<string, unknown> };

const window24hMs = 24 * 60 * 60 * 1000;
// PostgREST's max_rows (supabase/config.toml): the pending list is read a page at a time.
const pageSize = 1000;
// Look-ups in flight at once: enough to overlap the service's latency, few enough not to hammer it.
const concurrency = 8;
// Once this many look-ups in a row have failed, the service is taken as down for the rest of the
// run: a service that times out (10 s a look-up) would otherwise hold the run for a wave of
// timeouts per 8 checkouts, past the 150 s a function may go unanswered, while the next minute's
// run starts on it too. One failing session alone does not stop the others.
const failuresToStop = concurrency;

/** The look-ups of one run: how many failed in a row, and how many were never made. */
interface Lookups {
  failedInARow: number;
  skipped: number;
}

/** Pending checkouts since a time (of one buyer, or everyone's), or those of erased accounts. */
type PendingFilter = { since: string; userId?: string } | { detached: true };

async function readPending(service: SupabaseClient, filter: PendingFilter): Promise<PendingCheckout[]> {
  const pending: PendingCheckout[] = [];
  for (let from = 0; ; from += pageSize) {
    let query = service.from('checkout_sessions').select(`${pricedCheckoutColumns}, user_id`).eq('status', 'pending');
    if ('detached' in filter) query = query.is('user_id', null);
    else {
      query = query.gte('created_at', filter.since);
      if (filter.userId) query = query.eq('user_id', filter.userId);
    }
    const { data, error } = await query.order('id').range(from, from + pageSize - 1).returns<PendingCheckout[]>();
    if (error) throw new Error(`reading pending checkouts: ${error.message}`);
    pending.push(...data);
    if (data.length < pageSize) return pending;
  }
}

/**
 * `userId`'s pending checkouts of the last 24 hours, or everyone's; and then, whatever their age,
 * those of erased accounts (user id null), which no buyer's visit will ever bring back: each is
 * asked about until the service settles it.
 */
async function pendingCheckouts(service: SupabaseClient, userId: string | undefined): Promise<PendingCheckout[]> {
  const since = new Date(Date.now() - window24hMs).toISOString();
  if (userId) return readPending(service, { since, userId });
  const recent = await readPending(service, { since });
  const seen = new Set(recent.map((checkout) => checkout.id));
  const detached = await readPending(service, { detached: true });
  return [...recent, ...detached.filter((checkout) => !seen.has(checkout.id))];
}

async function settle(checkout: PendingCheckout, commerce: CommerceClient, service: SupabaseClient, lookups: Lookups): Promise<Settlement> {
  if (lookups.failedInARow >= failuresToStop) {
    lookups.skipped++;
    return { outcome: 'still_pending' };
  }
  let session;
  try {
    session = await commerce.getCheckoutSession(checkout.id);
    lookups.failedInARow = 0;
  } catch (error) {
    if (!(error instanceof CommerceError)) throw error;
    lookups.failedInARow++;
    console.warn(`commerce service on ${checkout.id}: ${error.message}; left pending`);
    return { outcome: 'still_pending' };
  }
  const verdict = verifyPayment(session, checkout);
  switch (verdict) {
    case 'paid':
      await recordPaidCheckout(service, checkout.id, checkout.user_id);
      return { outcome: 'recorded' };
    case 'open':
      return { outcome: 'still_pending' };
    case 'canceled':
    case 'expired':
      return { outcome: verdict };
    case 'unknown':
      return { outcome: 'issue', reason: 'unknown_session', detail: {} };
    case 'mismatch':
      return { outcome: 'issue', reason: 'mismatch', detail: { paid: session, priced: { items: checkout.items, total_amount_cents: checkout.total_amount_cents, currency: checkout.currency } } };
  }
}

/** Runs `task` on every item with at most `limit` in flight; results in the items' order. */
async function mapBounded<T, R>(items: T[], limit: number, task: (item: T) => Promise<R>): Promise<PromiseSettledResult<R>[]> {
  const results: PromiseSettledResult<R>[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      try {
        results[index] = { status: 'fulfilled', value: await task(items[index]!) };
      } catch (reason) {
        results[index] = { status: 'rejected', reason };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/** Only a checkout still pending changes status: a late record-order's `completed` stands. */
async function markPending(service: SupabaseClient, ids: string[], status: 'canceled' | 'expired' | 'needs_review'): Promise<void> {
  if (ids.length === 0) return;
  const { error } = await service.from('checkout_sessions').update({ status }).in('id', ids).eq('status', 'pending');
  if (error) throw new Error(`marking ${ids.length} checkouts ${status}: ${error.message}`);
}

/** Reconciles every buyer's pending checkouts, or only `userId`'s. */
export async function reconcileCheckouts(service: SupabaseClient, commerce: CommerceClient, userId?: string): Promise<ReconciliationSummary> {
  const pending = await pendingCheckouts(service, userId);
  const lookups: Lookups = { failedInARow: 0, skipped: 0 };
  const settled = await mapBounded(pending, concurrency, (checkout) => settle(checkout, commerce, service, lookups));
  if (lookups.skipped > 0) console.warn(`commerce service failing: ${lookups.skipped} checkouts not asked about, left pending for the next run`);

  const summary: ReconciliationSummary = { recorded: 0, canceled: 0, expired: 0, issues: 0, still_pending: 0 };
  const closed = { canceled: [] as string[], expired: [] as string[] };
  const issues: { checkout_session_id: string; user_id: string | null; reason: string; detail: Record<string, unknown> }[] = [];
  settled.forEach((result, i) => {
    const checkout = pending[i]!;
    if (result.status === 'rejected') {
      // A database failure on one checkout must not hide the others; the next run tries it again.
      console.error(`reconciling ${checkout.id}`, result.reason);
      summary.still_pending++;
      return;
    }
    const settlement = result.value;
    if (settlement.outcome === 'issue') {
      issues.push({ checkout_session_id: checkout.id, user_id: checkout.user_id, reason: settlement.reason, detail: settlement.detail });
      summary.issues++;
      return;
    }
    if (settlement.outcome === 'canceled' || settlement.outcome === 'expired') closed[settlement.outcome].push(checkout.id);
    summary[settlement.outcome]++;
  });

  if (issues.length > 0) {
    const { error } = await service.from('payment_issues').upsert(issues, { onConflict: 'checkout_session_id' });
    if (error) throw new Error(`filing ${issues.length} payment issues: ${error.message}`);
  }
  await markPending(service, issues.map((issue) => issue.checkout_session_id), 'needs_review');
  await markPending(service, closed.canceled, 'canceled');
  await markPending(service, closed.expired, 'expired');
  return summary;
}

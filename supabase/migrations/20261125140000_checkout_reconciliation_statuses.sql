-- checkout_sessions gains the outcomes the reconciliation (reconcile-checkouts) finds at the
-- commerce service, so that a checkout it has settled is not asked about again every minute:
-- `canceled` and `expired` as the service reports them, `needs_review` for a session it could
-- not record (the reason is in payment_issues). Only `pending` checkouts are reconciled.
alter table public.checkout_sessions drop constraint checkout_sessions_status_check;
alter table public.checkout_sessions add constraint checkout_sessions_status_check
  check (status in ('pending', 'completed', 'canceled', 'expired', 'needs_review'));

-- The schedule's question: the pending checkouts of the last 24 hours.
create index checkout_sessions_pending_created_at_idx on public.checkout_sessions (created_at) where status = 'pending';

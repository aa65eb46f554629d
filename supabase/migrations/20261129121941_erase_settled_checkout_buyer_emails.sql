-- Erasing an account (RGPD art. 17) forgets the e-mail of the person's checkouts that are already
-- settled. A detached checkout (user_id null: its buyer erased) keeps the e-mail it was started
-- under (checkout_sessions.buyer_email) only while pending, to be matched to its payment; settled,
-- it forgets it (private.forget_settled_checkout_buyer(), in 20261129093901).
-- But the trigger ran only when the status, the frozen name or the e-mail changed, and the erasure
-- detaches a checkout by changing its user_id alone (20261127110000_account_erasure,
-- 20261128100000_erased_buyer_pending_checkouts): a checkout already settled when its buyer was
-- erased (set aside for review, `needs_review`, with its payment issue) kept the address.
--
-- The same trigger now runs when user_id changes too, so detaching a settled checkout forgets its
-- e-mail whatever detaches it; a pending one keeps it until it settles, as before. The function is
-- unchanged. Then, once, the checkouts of accounts erased before this migration forget theirs
-- (the previous migration first read them for the payment issues' candidates).
--
-- Migrations dated 2026-11-29 16:00 to 2026-12-01 run after this one on a fresh database; none of
-- them touches this trigger, its function or checkout_sessions.buyer_email.

drop trigger checkout_sessions_forget_settled_buyer on public.checkout_sessions;
create trigger checkout_sessions_forget_settled_buyer
  before insert or update of status, invoice_buyer, buyer_email, user_id on public.checkout_sessions
  for each row execute function private.forget_settled_checkout_buyer();

update public.checkout_sessions c
   set buyer_email = null
 where c.user_id is null and c.status <> 'pending' and c.buyer_email is not null;

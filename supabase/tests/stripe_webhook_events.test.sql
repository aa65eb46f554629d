-- The Stripe events stripe-webhook handled (20261129125736_stripe_webhook_events.sql): no API role
-- reads or writes the table, the service role included, and only the service role may claim an
-- event or mark it handled. An event is to be handled until its handling finished (a failed one is
-- handled again when Stripe retries), then only acknowledged, however often it comes again; an
-- id that is not Stripe's event id is refused; events past Stripe's 30 days are forgotten.
begin;
\ir helpers/setup.psql
select plan(19);

select tests.create_user('alice@webhook.test');
select tests.create_user('root@webhook.test');
select tests.make_admin('root@webhook.test');

-- anon, a customer, an administrator: no door at all
select tests.clear_authentication();
select throws_ok($$ select * from private.stripe_webhook_events $$, '42501', null, 'as anon, reading the events is refused');
select throws_ok($$ select public.claim_stripe_webhook_event('evt_anon', 'charge.refunded') $$, '42501', null, 'as anon, claiming an event is refused');
select tests.authenticate_as('alice@webhook.test');
select throws_ok($$ select * from private.stripe_webhook_events $$, '42501', null, 'as a customer, reading the events is refused');
select throws_ok($$ insert into private.stripe_webhook_events (id, type) values ('evt_forged', 'charge.refunded') $$, '42501', null, 'as a customer, recording one is refused');
select throws_ok($$ select public.claim_stripe_webhook_event('evt_alice', 'charge.refunded') $$, '42501', null, 'as a customer, claiming an event is refused');
select throws_ok($$ select public.stripe_webhook_event_handled('evt_alice') $$, '42501', null, 'as a customer, marking one handled is refused');
select tests.authenticate_as('root@webhook.test');
select throws_ok($$ select * from private.stripe_webhook_events $$, '42501', null, 'as the administrator, reading the events is refused');
select throws_ok($$ select public.claim_stripe_webhook_event('evt_root', 'charge.refunded') $$, '42501', null, 'as the administrator, claiming an event is refused');

-- the service role: through the two functions only
select tests.authenticate_as_service_role();
select throws_ok($$ select * from private.stripe_webhook_events $$, '42501', null, 'as the service role, the table itself is refused too');
select throws_ok($$ delete from private.stripe_webhook_events $$, '42501', null, 'as the service role, deleting events is refused');
select is(public.claim_stripe_webhook_event('evt_1NewOne', 'checkout.session.completed'), true, 'a new event is to be handled');
select is(public.claim_stripe_webhook_event('evt_1NewOne', 'checkout.session.completed'), true, 'delivered again before its handling finished (it failed): handled again');
select lives_ok($$ select public.stripe_webhook_event_handled('evt_1NewOne') $$, 'its handling finished');
select is(public.claim_stripe_webhook_event('evt_1NewOne', 'checkout.session.completed'), false, 'delivered again once handled: acknowledged only');
select is(public.claim_stripe_webhook_event('evt_1NewOne', 'checkout.session.completed'), false, 'and again');
select throws_ok($$ select public.claim_stripe_webhook_event('not-an-event', 'charge.refunded') $$, '23514', null, 'an id that is not a Stripe event id is refused');
select throws_ok($$ select public.claim_stripe_webhook_event('evt_1NoType', '') $$, '23514', null, 'an event without a type is refused');

reset role;
insert into private.stripe_webhook_events (id, type, received_at, handled_at) values ('evt_1Old', 'charge.refunded', now() - interval '32 days', now() - interval '32 days');
select tests.authenticate_as_service_role();
select is(public.claim_stripe_webhook_event('evt_1Later', 'charge.refunded'), true, 'a later event is to be handled');
reset role;
select is((select count(*)::integer from private.stripe_webhook_events where id = 'evt_1Old'), 0, 'an event older than Stripe''s 30 days is forgotten on the way');

select * from finish();
rollback;

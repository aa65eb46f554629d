-- The calls that spare a purchase its round trips (issue 24): begin_checkout checks the consent's
-- CGV version and claims the checkout in one call, for the signed-in buyer only, counting nothing
-- when it refuses the version; record_paid_order records the order and returns what its
-- confirmation says, for the service role only; order_confirmation includes the order's consent.
begin;
\ir helpers/setup.psql
select plan(18);

select tests.create_user('trips-alice@example.test', 'Alice Martin');
select tests.create_user('trips-bob@example.test');
select tests.create_user('trips-admin@example.test');
select tests.make_admin('trips-admin@example.test');
-- Each hit of the checkout limit, per buyer.
create function pg_temp.claims(email text) returns integer language sql as $$
  select coalesce(sum(hits), 0)::integer from private.rate_limits where key = 'checkout:' || tests.user_id(email)
$$;

-- begin_checkout: no CGV published yet
select tests.authenticate_as('trips-alice@example.test');
select throws_ok($$ select public.begin_checkout(1) $$, 'PT409', 'cgv_unpublished', 'no checkout while no CGV is published');
reset role;
update public.seller_settings set legal_name = 'Association Témoin', address = '1 rue de la Paix, 75002 Paris', siret = '12345678900011',
  vat_regime = 'franchise', contact_email = 'contact@example.test';
update public.legal_documents set draft_markdown = '# CGV de test {{vendeur.nom}}' where kind = 'cgv';
select tests.authenticate_as('trips-admin@example.test');
select ok(public.publish_legal_document('cgv') >= 1, 'an administrator publishes a CGV');
create temporary table cgv as select (public.checkout_terms() ->> 'cgv_version')::integer as version;
grant select on cgv to authenticated, anon, service_role;

select tests.authenticate_as('trips-alice@example.test');
select throws_ok(format('select public.begin_checkout(%s)', (select version from cgv) + 1), 'PT409', 'cgv_changed', 'a consent given on another CGV version is refused');
select throws_ok($$ select public.begin_checkout(null) $$, 'PT409', 'cgv_changed', 'and one given on no version');
reset role;
select is(pg_temp.claims('trips-alice@example.test'), 0, 'a refused version counts no checkout');
select tests.authenticate_as('trips-alice@example.test');
select is(public.begin_checkout((select version from cgv)), public.checkout_terms(), 'the version in force: the buyer gets the terms the session records');
reset role;
select is(pg_temp.claims('trips-alice@example.test'), 1, 'and the checkout is counted against the buyer''s limit');
select tests.authenticate_as('trips-alice@example.test');
select lives_ok(format('select public.begin_checkout(%1$s), public.begin_checkout(%1$s), public.begin_checkout(%1$s), public.begin_checkout(%1$s)', (select version from cgv)),
  'up to five checkouts in ten minutes');
select throws_ok(format('select public.begin_checkout(%s)', (select version from cgv)), 'PT429', null, 'the sixth is refused with PT429, as claim_checkout refuses it');
select tests.authenticate_as('trips-bob@example.test');
select lives_ok(format('select public.begin_checkout(%s)', (select version from cgv)), 'another buyer is not held back');
select tests.clear_authentication();
select throws_ok(format('select public.begin_checkout(%s)', (select version from cgv)), '42501', null, 'anon cannot begin a checkout');

-- record_paid_order: the order and its confirmation in one call, service role only
reset role;
insert into public.checkout_sessions (id, user_id, items, total_amount_cents, currency, cgv_version, consent_text, consented_at) values
  ('cs_trips_alice', tests.user_id('trips-alice@example.test'),
   '[{"variant_id": "v1", "product_id": "p1", "product_title": "Méditation", "variant_title": "Audio", "quantity": 2, "unit_price_cents": 1500}]', 3000, 'eur',
   (select version from cgv), 'Consentement de test', '2026-11-29 18:00:00+00');
select tests.authenticate_as('trips-alice@example.test');
select throws_ok($$ select public.record_paid_order('cs_trips_alice', tests.user_id('trips-alice@example.test')) $$, '42501', null, 'the buyer cannot record their own order');
select tests.clear_authentication();
select throws_ok($$ select public.record_paid_order('cs_trips_alice', tests.user_id('trips-alice@example.test')) $$, '42501', null, 'nor anon');
select tests.authenticate_as_service_role();
create temporary table recorded as select public.record_paid_order('cs_trips_alice', tests.user_id('trips-alice@example.test')) as answer;
select is((select (answer ->> 'order_id')::uuid from recorded), (select id from public.orders where checkout_session_id = 'cs_trips_alice'),
  'the service role records the order and gets its id');
select is((select answer -> 'confirmation' from recorded), public.order_confirmation((select id from public.orders where checkout_session_id = 'cs_trips_alice')),
  'with what its confirmation says, the new order''s lines included');
select is((select answer -> 'confirmation' -> 'consent' from recorded),
  jsonb_build_object('cgv_version', (select version from cgv), 'consent_text', 'Consentement de test', 'consented_at', '2026-11-29 18:00:00+00'::timestamptz),
  'and the consent the order keeps, which the mail restates');
update public.orders set confirmation_sent_at = now() where checkout_session_id = 'cs_trips_alice';
select is(public.record_paid_order('cs_trips_alice', tests.user_id('trips-alice@example.test')),
  jsonb_build_object('order_id', (select id from public.orders where checkout_session_id = 'cs_trips_alice'), 'confirmation', null),
  'a replay returns the same order, and no confirmation once it was sent');

-- What a purchase calls, planned once per connection (20261201110000): a language sql function
-- that is security definer or sets its own search_path is never inlined, so PostgreSQL 15 plans
-- its body again at every call.
select is_empty($$
  select f
    from unnest(array[
           'public.checkout_terms()', 'public.begin_checkout(integer)', 'public.claim_checkout()',
           'private.open_checkouts_per_customer()', 'private.take_rate_limit(text,integer,interval)',
           'public.record_paid_order(text,uuid)', 'public.record_order(text,uuid)', 'public.order_confirmation(uuid)',
           'public.record_paid_order(text,uuid,text,text)', 'public.record_order(text,uuid,text,text)',
           'private.next_invoice_number(timestamptz)', 'private.paris_day(timestamptz)',
           'private.add_daily_sales(date,integer,bigint,integer,integer)', 'private.add_order_share(public.orders,integer,boolean)',
           'private.add_daily_product_sales(date,text,integer,bigint,integer)', 'private.admin_notification_choices(text)',
           'private.next_digest_at(timestamptz,smallint)',
           'private.queue_admin_notifications(public.admin_notification_topic,timestamptz,uuid,uuid,uuid)']) f
    left join pg_catalog.pg_proc p on p.oid = to_regprocedure(f)
    left join pg_catalog.pg_language l on l.oid = p.prolang
   where p.oid is null or (l.lanname = 'sql' and (p.prosecdef or p.proconfig is not null))
$$, 'every function a purchase calls exists, and none is a language sql one that PostgreSQL cannot inline');

select * from finish();
rollback;

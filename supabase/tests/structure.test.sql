-- Guards for what a later migration could forget: a table without RLS, a function with a mutable
-- search_path or open to anon, a grant left at Supabase's defaults, a policy for PUBLIC or one that
-- calls auth.uid() per row, an unindexed policy column, a new policy nobody reviewed here.
begin;
\ir helpers/setup.psql
select plan(62);

-- The shop's own catalogue (catalogue_*.sql): anon reads it, administrators write it, by policy.
create temporary table catalogue_tables (name text primary key);
insert into catalogue_tables values ('products'), ('product_variants'), ('product_options'), ('product_option_values'),
  ('product_images'), ('collections'), ('product_collections'), ('product_additional_info'), ('product_custom_fields'),
  ('related_products');
grant select on catalogue_tables to anon, authenticated;

-- Row-level security everywhere.
select is_empty($$
  select c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relrowsecurity
$$, 'every table in public has row-level security enabled');
select is_empty($$
  select c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where n.nspname = 'public' and c.relkind = 'v'
    and not coalesce((select option_value::boolean from pg_options_to_table(c.reloptions) where option_name = 'security_invoker'), false)
$$, 'every view in public runs as its caller (security_invoker), so it cannot bypass RLS');

-- Functions.
select is_empty($$
  select p.oid::regprocedure::text from pg_proc p join pg_namespace n on n.oid = p.pronamespace
  where n.nspname in ('public', 'private') and p.prosecdef
    and not exists (select 1 from unnest(coalesce(p.proconfig, '{}')) c where c like 'search_path=%')
$$, 'every SECURITY DEFINER function has a fixed search_path');
select is_empty($$
  select p.oid::regprocedure::text from pg_proc p join pg_namespace n on n.oid = p.pronamespace
  where n.nspname in ('public', 'private')
    and not exists (select 1 from unnest(coalesce(p.proconfig, '{}')) c where c like 'search_path=%')
$$, 'every function of public and private has a fixed search_path (Supabase linter 0011)');
-- Functions anon may call on purpose: record_page_view, the visit counter (page_views.test.sql
-- proves its bounds and that it exposes nothing), and the contact form's contact_form_token and
-- send_contact_message (contact_form_anti_spam.test.sql, rate_limited_doors.test.sql), and
-- checkout_terms, the CGV version in force and the consent's wording (checkout_consent.test.sql),
-- and the storefront's read of the shop's own catalogue, published products only (storefront_read.test.sql).
-- Add a signature here only with a test of what it exposes.
select is_empty($$
  select p.oid::regprocedure::text from pg_proc p join pg_namespace n on n.oid = p.pronamespace
  where n.nspname in ('public', 'private') and has_function_privilege('anon', p.oid, 'execute')
    and p.oid::regprocedure::text <> all (array['record_page_view(text,text)', 'contact_form_token()', 'send_contact_message(text,text,text,text,text,text,text)', 'checkout_terms()',
      'storefront_products(text[],integer,integer,text,text,boolean,timestamp with time zone)', 'storefront_product(text)', 'storefront_variants(text[])'])
$$, 'anon can execute no function of public or private beyond the allow-list');
select ok(not has_schema_privilege('anon', 'private', 'usage'), 'anon cannot even look into the private schema');
select ok(not has_schema_privilege('authenticated', 'public', 'create'), 'signed-in users cannot create objects in public');

-- Grants: Supabase grants everything in public to the API roles by default; each table must
-- take back what its clients may not do.
select is_empty($$
  select c.relname || ': ' || r.role || ' ' || priv
  from pg_class c join pg_namespace n on n.oid = c.relnamespace
  cross join unnest(array['anon', 'authenticated']) r(role)
  cross join unnest(array['INSERT', 'UPDATE', 'DELETE', 'TRUNCATE', 'REFERENCES', 'TRIGGER']) priv
  where n.nspname = 'public' and c.relkind in ('r', 'p', 'v', 'm') and has_table_privilege(r.role, c.oid, priv)
    and not (r.role = 'authenticated' and priv = 'DELETE' and c.relname in (select name from catalogue_tables))
$$, 'no table in public grants a whole-table write to anon or authenticated (only column grants), but the catalogue''s deletes');
select is_empty($$
  select tablename || ': ' || policyname from pg_policies
  where schemaname = 'public' and tablename in (select name from catalogue_tables) and cmd in ('INSERT', 'UPDATE', 'DELETE')
    and (roles <> '{authenticated}'
         or coalesce(regexp_replace(qual, '\s', '', 'g'), '(SELECTprivate.is_admin()ASis_admin)') <> '(SELECTprivate.is_admin()ASis_admin)'
         or coalesce(regexp_replace(with_check, '\s', '', 'g'), '(SELECTprivate.is_admin()ASis_admin)') <> '(SELECTprivate.is_admin()ASis_admin)')
$$, 'every write policy of the catalogue is for administrators alone');
select results_eq($$
  select c.relname::text collate "default", a.attname::text collate "default" from pg_class c join pg_attribute a on a.attrelid = c.oid
  where c.relnamespace = 'public'::regnamespace and c.relname in (select name from catalogue_tables) and a.attnum > 0 and not a.attisdropped
    and not has_column_privilege('authenticated', c.oid, a.attnum, 'UPDATE')
  order by 1, 2
$$, $$ values ('collections', 'id'), ('product_additional_info', 'id'), ('product_additional_info', 'product_id'),
              ('product_collections', 'collection_id'), ('product_collections', 'product_id'), ('product_custom_fields', 'id'),
              ('product_custom_fields', 'product_id'), ('product_images', 'id'), ('product_images', 'product_id'),
              ('product_option_values', 'id'), ('product_option_values', 'option_id'), ('product_option_values', 'product_id'),
              ('product_option_values', 'variant_id'), ('product_options', 'id'), ('product_options', 'product_id'),
              ('product_variants', 'created_at'), ('product_variants', 'id'), ('product_variants', 'product_id'),
              ('products', 'created_at'), ('products', 'id'), ('products', 'updated_at'),
              ('related_products', 'id'), ('related_products', 'product_id') $$,
  'in the catalogue, administrators change every column but the keys and the dates the database keeps');
select results_eq($$
  select c.relname::text collate "default", a.attname::text collate "default" from pg_class c join pg_attribute a on a.attrelid = c.oid
  where c.relnamespace = 'public'::regnamespace and c.relname in (select name from catalogue_tables) and a.attnum > 0 and not a.attisdropped
    and not has_column_privilege('authenticated', c.oid, a.attnum, 'INSERT')
  order by 1, 2
$$, $$ values ('product_images', 'id'), ('product_variants', 'created_at'), ('products', 'created_at'), ('products', 'updated_at') $$,
  'in the catalogue, administrators insert every column but the dates the database keeps and the images'' generated ids');
select is_empty($$
  select c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where n.nspname = 'public' and c.relkind in ('r', 'p', 'v', 'm') and has_table_privilege('anon', c.oid, 'SELECT')
    and c.relname <> 'legal_document_versions' and c.relname not in (select name from catalogue_tables)
$$, 'anon may select from no table in public but the published legal documents and the catalogue (its policies: published products)');
select results_eq($$
  select c.relname::text collate "default", a.attname::text collate "default" from pg_class c join pg_namespace n on n.oid = c.relnamespace join pg_attribute a on a.attrelid = c.oid
  where n.nspname = 'public' and c.relkind = 'r' and a.attnum > 0 and not a.attisdropped and has_column_privilege('authenticated', c.oid, a.attnum, 'UPDATE')
    and c.relname not in (select name from catalogue_tables)
  order by 1, 2
$$, $$ values ('admin_notification_preferences', 'chat'), ('admin_notification_preferences', 'contact'), ('admin_notification_preferences', 'digest_hour'),
              ('admin_notification_preferences', 'orders'),
              ('legal_documents', 'draft_markdown'), ('profiles', 'avatar_url'), ('profiles', 'full_name'),
              ('seller_settings', 'address'), ('seller_settings', 'contact_email'), ('seller_settings', 'legal_form'), ('seller_settings', 'legal_name'),
              ('seller_settings', 'siret'), ('seller_settings', 'vat_number'), ('seller_settings', 'vat_rate_basis_points'), ('seller_settings', 'vat_regime'),
              ('stock_shortfalls', 'resolution'), ('user_messages', 'is_read') $$,
  'signed-in users may update exactly: their name and avatar, a legal document''s draft, the seller''s mentions and their notification choices (administrators, by policy), a stock shortfall''s decision (administrators, by policy) and a message''s read flag');
select results_eq($$
  select c.relname::text collate "default", a.attname::text collate "default" from pg_class c join pg_namespace n on n.oid = c.relnamespace join pg_attribute a on a.attrelid = c.oid
  where n.nspname = 'public' and c.relkind = 'r' and a.attnum > 0 and not a.attisdropped and has_column_privilege('authenticated', c.oid, a.attnum, 'INSERT')
    and c.relname not in (select name from catalogue_tables)
  order by 1, 2
$$, $$ values ('admin_notification_preferences', 'admin_id'), ('admin_notification_preferences', 'chat'), ('admin_notification_preferences', 'contact'),
              ('admin_notification_preferences', 'digest_hour'), ('admin_notification_preferences', 'orders'),
              ('crash_reports', 'details'), ('crash_reports', 'message'), ('crash_reports', 'page_url'), ('crash_reports', 'user_agent'),
              ('user_messages', 'content'), ('user_messages', 'receiver_id'), ('user_messages', 'sender_id') $$,
  'signed-in users may insert exactly: a crash report''s fields, a chat message''s sender, receiver and text (the contact form goes through send_contact_message), and an administrator''s own notification choices (by policy)');
select results_eq($$
  select c.relname::text collate "default", a.attname::text collate "default" from pg_class c join pg_namespace n on n.oid = c.relnamespace join pg_attribute a on a.attrelid = c.oid
  where n.nspname = 'public' and c.relkind = 'r' and a.attnum > 0 and not a.attisdropped
    and (has_column_privilege('anon', c.oid, a.attnum, 'INSERT') or has_column_privilege('anon', c.oid, a.attnum, 'UPDATE'))
  order by 1, 2
$$, $$ values ('crash_reports', 'details'), ('crash_reports', 'message'), ('crash_reports', 'page_url'), ('crash_reports', 'user_agent') $$,
  'anon may write exactly a crash report''s fields (the contact form goes through send_contact_message)');

-- Policies.
select is_empty($$ select tablename || ': ' || policyname from pg_policies where schemaname = 'public' and 'public' = any(roles) $$,
  'every policy names its role (to anon / to authenticated), none applies to PUBLIC');
select is_empty($$
  select tablename || ': ' || policyname from pg_policies
  where schemaname = 'public'
    and (regexp_replace(coalesce(qual, '') || ' ' || coalesce(with_check, ''), 'SELECT (auth\.uid\(\)|private\.is_admin\(\)) AS', '', 'g') ~ '(auth\.uid|private\.is_admin)\(\)')
$$, 'every policy wraps auth.uid() and private.is_admin() in a select, evaluated once per query');
select is_empty($$
  select tablename || ': ' || policyname from pg_policies
  where schemaname = 'public' and 'anon' = any(roles) and coalesce(qual, '') || coalesce(with_check, '') like '%is_admin%'
$$, 'no policy for anon calls private.is_admin(), which anon may not execute');
select is_empty($$
  select t.tab || '.' || t.col from (values
    ('profiles', 'id'), ('profiles', 'role'), ('orders', 'user_id'), ('order_items', 'order_id'),
    ('user_messages', 'sender_id'), ('user_messages', 'receiver_id'), ('checkout_sessions', 'user_id'),
    ('crash_reports', 'user_id'), ('download_links', 'user_id'), ('order_items', 'file_path'),
    ('products', 'id'), ('product_variants', 'product_id'), ('product_variants', 'id'), ('product_options', 'product_id'),
    ('product_option_values', 'product_id'), ('product_option_values', 'variant_id'), ('product_images', 'product_id'),
    ('product_collections', 'product_id'), ('product_additional_info', 'product_id'), ('product_custom_fields', 'product_id'),
    ('related_products', 'product_id'), ('order_items', 'variant_id')
  ) t(tab, col)
  where not exists (
    select 1 from pg_index i join pg_attribute a on a.attrelid = i.indrelid and a.attnum = i.indkey[0]
    where i.indrelid = ('public.' || t.tab)::regclass and a.attname = t.col)
$$, 'every column a policy compares leads an index');

-- The reviewed policies, table by table: a new one must come with its tests.
select policies_are('public', 'profiles', array['Users see their own and admins'' profiles, admins all', 'Users can update their own profile'],
  'profiles has exactly its reviewed policies');
select policies_are('public', 'orders', array['Customers see their own orders, administrators all'], 'orders has exactly its reviewed policies');
select policies_are('public', 'order_items', array['Customers see their own order items, administrators all'], 'order_items has exactly its reviewed policies');
select policies_are('public', 'contact_messages', array['Administrators can read contact messages'], 'contact_messages has exactly its reviewed policies');
select policies_are('public', 'user_messages', array['Participants read their messages, administrators all',
  'Users can write as themselves to an administrator', 'Receivers can mark their messages read'], 'user_messages has exactly its reviewed policies');
select policies_are('public', 'checkout_sessions', array['Buyers can view their own checkouts'], 'checkout_sessions has exactly its reviewed policies');
select policies_are('public', 'download_links', array['Buyers see their own download links, administrators all'], 'download_links has exactly its reviewed policies');
select policies_are('public', 'product_files', array['Administrators can view product files'], 'product_files has exactly its reviewed policies');
select policies_are('public', 'seller_settings', array['Administrators can read the seller settings', 'Administrators can update the seller settings'],
  'seller_settings has exactly its reviewed policies');
select policies_are('public', 'crash_reports', array['Visitors can report a crash', 'Signed-in users can report their own crash',
  'Administrators can read crash reports'], 'crash_reports has exactly its reviewed policies');
select policies_are('public', 'legal_documents', array['Administrators can read the legal drafts', 'Administrators can edit the legal drafts'],
  'legal_documents has exactly its reviewed policies');
select policies_are('public', 'legal_document_versions', array['Everyone reads the published legal documents'],
  'legal_document_versions has exactly its reviewed policies');
select policies_are('public', 'admin_role_changes', array['Administrators can read the role changes'], 'admin_role_changes has exactly its reviewed policies');
select policies_are('public', 'admin_notifications', array['Administrators read the notifications outbox'], 'admin_notifications has exactly its reviewed policies');
select policies_are('public', 'admin_notification_preferences',
  array['Administrators read their own notification preferences', 'Administrators create their own notification preferences', 'Administrators change their own notification preferences'],
  'admin_notification_preferences has exactly its reviewed policies');
select policies_are('public', 'products', array['Visitors read published products', 'Customers read published products, administrators all', 'Administrators add products', 'Administrators edit products', 'Administrators delete products'],
  'products has exactly its reviewed policies');
select policies_are('public', 'product_variants', array['Visitors read the variants of published products', 'Customers read published variants, administrators all', 'Administrators add variants', 'Administrators edit variants', 'Administrators delete unsold variants'],
  'product_variants has exactly its reviewed policies');
select policies_are('public', 'product_options', array['Visitors read the options of published products', 'Customers read published options, administrators all', 'Administrators add options', 'Administrators edit options', 'Administrators delete options'],
  'product_options has exactly its reviewed policies');
select policies_are('public', 'product_option_values', array['Visitors read the option values of published products', 'Customers read published option values, administrators all', 'Administrators add option values', 'Administrators edit option values', 'Administrators delete option values'],
  'product_option_values has exactly its reviewed policies');
select policies_are('public', 'product_images', array['Visitors read the images of published products', 'Customers read published images, administrators all', 'Administrators add images', 'Administrators edit images', 'Administrators delete images'],
  'product_images has exactly its reviewed policies');
select policies_are('public', 'collections', array['Visitors read the collections', 'Signed-in users read the collections', 'Administrators add collections', 'Administrators edit collections', 'Administrators delete collections'],
  'collections has exactly its reviewed policies');
select policies_are('public', 'product_collections', array['Visitors read the collections of published products', 'Customers read published collection links, administrators all', 'Administrators add products to collections', 'Administrators reorder collections', 'Administrators take products out of collections'],
  'product_collections has exactly its reviewed policies');
select policies_are('public', 'product_additional_info', array['Visitors read the additional information of published products', 'Customers read published additional info, administrators all', 'Administrators add additional information', 'Administrators edit additional information', 'Administrators delete additional information'],
  'product_additional_info has exactly its reviewed policies');
select policies_are('public', 'product_custom_fields', array['Visitors read the custom fields of published products', 'Customers read published custom fields, administrators all', 'Administrators add custom fields', 'Administrators edit custom fields', 'Administrators delete custom fields'],
  'product_custom_fields has exactly its reviewed policies');
select policies_are('public', 'related_products', array['Visitors read the related products of published products', 'Customers read published related products, administrators all', 'Administrators add related products', 'Administrators edit related products', 'Administrators delete related products'],
  'related_products has exactly its reviewed policies');
select policies_are('public', 'stock_shortfalls', array['Administrators read the stock shortfalls', 'Administrators decide a stock shortfall'],
  'stock_shortfalls has exactly its reviewed policies');
select policies_are('public', 'catalogue_changes', array['Administrators read the catalogue changes'],
  'catalogue_changes has exactly its reviewed policies');

-- Realtime streams the chat and the contact messages (to administrators, by RLS: the admin layout's counts), nothing else.
select ok(exists (select 1 from pg_publication_tables where pubname = 'supabase_realtime' and schemaname = 'public' and tablename = 'user_messages'), 'user_messages streams through realtime');
select ok(exists (select 1 from pg_publication_tables where pubname = 'supabase_realtime' and schemaname = 'public' and tablename = 'contact_messages'), 'contact_messages streams through realtime');
select ok(not exists (select 1 from pg_publication_tables where pubname = 'supabase_realtime' and tablename in ('profiles', 'orders', 'order_items', 'checkout_sessions', 'product_files', 'crash_reports', 'admin_role_changes', 'admin_notifications', 'admin_notification_preferences')), 'no other table streams');
select is((select relreplident from pg_class where oid = 'public.user_messages'::regclass), 'f'::"char",
  'user_messages has full replica identity, so UPDATE events carry the previous values');

select has_table('public', 'profiles', 'profiles exists');
select has_table('public', 'orders', 'orders exists');
select has_table('public', 'order_items', 'order_items exists');
select has_table('public', 'contact_messages', 'contact_messages exists');
select has_table('public', 'user_messages', 'user_messages exists');
select has_table('public', 'checkout_sessions', 'checkout_sessions exists');
select has_table('public', 'product_files', 'product_files exists');
select has_table('public', 'crash_reports', 'crash_reports exists');
select has_table('public', 'seller_settings', 'seller_settings exists');
select has_table('public', 'admin_role_changes', 'admin_role_changes exists');
select has_table('public', 'legal_documents', 'legal_documents exists');
select has_table('public', 'legal_document_versions', 'legal_document_versions exists');

select * from finish();
rollback;

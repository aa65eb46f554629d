-- A ritual's HLS stream and subtitles (issue #28): who reads their rows (video_streams,
-- video_subtitles) and their objects in the private bucket. A buyer reads them exactly while they
-- may read the video itself (a link of their own paid item, within the signing window); anon,
-- another customer and the buyer before asking read nothing; administrators read all; nobody
-- writes the rows through the API but the administrators' subtitle functions.
begin;
\ir helpers/setup.psql
select plan(30);

select tests.create_user('alice@streams.test');
select tests.create_user('bob@streams.test');
select tests.create_user('root@streams.test');
select tests.make_admin('root@streams.test');

insert into public.product_files (variant_id, object_path, file_type) values ('var_streams_ritual', 'products/vs/rituel.mp4', 'video');
insert into public.orders (id, user_id, total_amount_cents, currency, status, checkout_session_id, cgv_version, consent_text, consented_at) values
  ('62000000-0000-4000-a000-00000000000a', tests.user_id('alice@streams.test'), 2900, 'eur', 'completed', 'cs_streams_alice', 1, 'Consentement de test', now());
insert into public.order_items (id, order_id, variant_id, product_title, quantity, price_per_item_cents, file_path, file_type) values
  ('63000000-0000-4000-a000-0000000000a1', '62000000-0000-4000-a000-00000000000a', 'var_streams_ritual', 'Rituel', 1, 2900, 'products/vs/rituel.mp4', 'video');
insert into public.video_streams (source_path, master_path, heights) values ('products/vs/rituel.mp4', 'products/vs/rituel.mp4.hls/master.m3u8', '{360,720}');
insert into public.video_subtitles (source_path, language, label, object_path) values ('products/vs/rituel.mp4', 'fr', 'Français', 'products/vs/rituel.mp4.subtitles/fr.vtt');
insert into storage.objects (bucket_id, name, metadata) values
  ('deliverables', 'products/vs/rituel.mp4', '{"mimetype":"video/mp4"}'),
  ('deliverables', 'products/vs/rituel.mp4.hls/master.m3u8', '{"mimetype":"application/vnd.apple.mpegurl"}'),
  ('deliverables', 'products/vs/rituel.mp4.hls/360p/segment-0000.m4s', '{"mimetype":"video/mp4"}'),
  ('deliverables', 'products/vs/rituel.mp4.subtitles/fr.vtt', '{"mimetype":"text/vtt"}'),
  -- Not registered: a stream no row names, a track no row names.
  ('deliverables', 'products/vs/autre.mp4.hls/master.m3u8', '{"mimetype":"application/vnd.apple.mpegurl"}'),
  ('deliverables', 'products/vs/rituel.mp4.subtitles/de.vtt', '{"mimetype":"text/vtt"}'),
  ('deliverables', 'products/vs/rituel.mp4.subtitles/en.vtt', '{"mimetype":"text/vtt"}');

select ok(not has_function_privilege('anon', 'private.media_source_of(text)', 'execute'), 'anon cannot call the media helper');

-- anon
select tests.clear_authentication();
select throws_ok($$ select * from public.video_streams $$, '42501', null, 'anon cannot read the streams');
select throws_ok($$ select * from public.video_subtitles $$, '42501', null, 'anon cannot read the subtitles');
select is_empty($$ select name from storage.objects where bucket_id = 'deliverables' and name like 'products/vs/%' $$, 'anon sees no stream object');
select throws_ok($$ select public.admin_set_video_subtitles('products/vs/rituel.mp4', 'en', 'English') $$, '42501', null, 'anon cannot attach subtitles');

-- the buyer, before asking for a link
select tests.authenticate_as('alice@streams.test');
select is_empty($$ select 1 from public.video_streams $$, 'before asking, the buyer sees no stream row');
select is_empty($$ select name from storage.objects where bucket_id = 'deliverables' and name like 'products/vs/%' $$, 'before asking, the buyer sees no stream object');
select throws_ok($$ insert into public.video_streams (source_path, master_path, heights) values ('products/x.mp4', 'products/x.mp4.hls/master.m3u8', '{360}') $$, '42501', null, 'the buyer cannot record a stream');
select throws_ok($$ insert into public.video_subtitles (source_path, language, label, object_path) values ('products/vs/rituel.mp4', 'en', 'English', 'products/vs/rituel.mp4.subtitles/en.vtt') $$, '42501', null, 'the buyer cannot record subtitles');
select throws_ok($$ select public.admin_set_video_subtitles('products/vs/rituel.mp4', 'en', 'English') $$, '42501', null, 'the buyer cannot attach subtitles');
select throws_ok($$ select public.admin_remove_video_subtitles('products/vs/rituel.mp4', 'fr') $$, '42501', null, 'the buyer cannot remove subtitles');

-- the buyer, after asking for the viewer's link
select is(public.issue_download_link('63000000-0000-4000-a000-0000000000a1', 'inline'), 'products/vs/rituel.mp4', 'the buyer asks for the viewer''s link');
select results_eq($$ select source_path, heights from public.video_streams $$, $$ values ('products/vs/rituel.mp4'::text, '{360,720}'::integer[]) $$, 'the buyer now sees the video''s stream');
select results_eq($$ select language, label from public.video_subtitles $$, $$ values ('fr'::text, 'Français'::text) $$, 'and its subtitles');
select results_eq(
  $$ select name from storage.objects where bucket_id = 'deliverables' and name like 'products/vs/%' order by name $$,
  $$ values ('products/vs/rituel.mp4'::text), ('products/vs/rituel.mp4.hls/360p/segment-0000.m4s'), ('products/vs/rituel.mp4.hls/master.m3u8'), ('products/vs/rituel.mp4.subtitles/fr.vtt') $$,
  'the buyer reads the video, its registered stream and track, nothing unregistered');

-- access follows the money (issue #29): a refunded line, then an open dispute, close the stream too
reset role;
update public.order_items set refunded_cents = 2900, refunded_at = now() where id = '63000000-0000-4000-a000-0000000000a1';
select tests.authenticate_as('alice@streams.test');
select is_empty($$ select name from storage.objects where bucket_id = 'deliverables' and name like 'products/vs/%' $$, 'once the line is refunded, the buyer reads no stream object');
select is_empty($$ select 1 from public.video_subtitles $$, 'nor the subtitles');
reset role;
update public.order_items set refunded_cents = 0, refunded_at = null where id = '63000000-0000-4000-a000-0000000000a1';
update public.orders set dispute_id = 'dp_streams', dispute_status = 'open', dispute_opened_at = now() where id = '62000000-0000-4000-a000-00000000000a';
select tests.authenticate_as('alice@streams.test');
select is_empty($$ select name from storage.objects where bucket_id = 'deliverables' and name like 'products/vs/%' $$, 'while a dispute is open, the buyer reads no stream object');
select is_empty($$ select 1 from public.video_streams $$, 'nor the stream row');
reset role;
update public.orders set dispute_id = null, dispute_status = null, dispute_opened_at = null where id = '62000000-0000-4000-a000-00000000000a';

-- the link's window closes
reset role;
update public.download_links set created_at = now() - interval '1 hour' where user_id = tests.user_id('alice@streams.test');
select tests.authenticate_as('alice@streams.test');
select is_empty($$ select name from storage.objects where bucket_id = 'deliverables' and name like 'products/vs/%' $$, 'after the signing window, the buyer reads no stream object');
select is_empty($$ select 1 from public.video_streams $$, 'nor the stream row');

-- another customer
select tests.authenticate_as('bob@streams.test');
select throws_ok($$ select public.issue_download_link('63000000-0000-4000-a000-0000000000a1', 'inline') $$, 'PT404', 'Fichier non disponible', 'another customer gets no link to the buyer''s video');
select is_empty($$ select name from storage.objects where bucket_id = 'deliverables' and name like 'products/vs/%' $$, 'another customer sees no stream object');
select is_empty($$ select 1 from public.video_subtitles $$, 'nor the subtitles');

-- the administrator
select tests.authenticate_as('root@streams.test');
select is((select count(*)::integer from public.video_streams where source_path = 'products/vs/rituel.mp4'), 1, 'the administrator reads the streams');
select throws_ok($$ insert into public.video_streams (source_path, master_path, heights) values ('products/x.mp4', 'products/x.mp4.hls/master.m3u8', '{360}') $$, '42501', null, 'the administrator records no stream through the API (the transcode job does)');
select throws_ok($$ select public.admin_set_video_subtitles('products/vs/rituel.mp4', 'it', 'Italiano') $$, '22023', null, 'a track with no .vtt in the bucket is refused');
select throws_ok($$ select public.admin_set_video_subtitles('products/a.pdf', 'en', 'English') $$, '22023', null, 'a file that is not a product video gets no track');
select is(public.admin_set_video_subtitles('products/vs/rituel.mp4', 'en', ' English '), 'products/vs/rituel.mp4.subtitles/en.vtt', 'the administrator attaches the English track');
select is(public.admin_remove_video_subtitles('products/vs/rituel.mp4', 'fr'), 'products/vs/rituel.mp4.subtitles/fr.vtt', 'and removes the French one, whose object the page deletes');

select * from finish();
rollback;

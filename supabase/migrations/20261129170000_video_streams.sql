-- Rituals that play well on any connection (issue #28): a video of the private bucket is
-- transcoded by an operator job (`npm run media:transcode`, ffmpeg: hosted edge functions can
-- start no subprocess) into HLS at a few bitrates, stored beside the original under
-- `<original>.hls/` (a master playlist, one media playlist and its fMP4 segments per rendition),
-- and recorded here. Administrators attach WebVTT subtitles to a video, stored beside it under
-- `<original>.subtitles/<language>.vtt`. Nothing of it is public: a buyer reads a rendition's or
-- a subtitle's object exactly while they may read the original (a link of their own paid item
-- asked within the signing window), so the viewer's link to the video opens its stream too.

-- Playlists and subtitles may now be stored in the bucket (segments are video/mp4).
update storage.buckets
   set allowed_mime_types = array['application/pdf', 'audio/*', 'video/*', 'application/zip', 'application/vnd.apple.mpegurl', 'text/vtt']
 where id = 'deliverables';

-- One row per transcoded video: where its master playlist is, the heights of its renditions.
create table public.video_streams (
  source_path text primary key check (source_path ~ '^products/' and char_length(source_path) <= 1000),
  master_path text not null unique check (master_path = source_path || '.hls/master.m3u8'),
  heights integer[] not null check (cardinality(heights) between 1 and 8 and 0 < all (heights)),
  transcoded_at timestamptz not null default now()
);

-- The subtitles of a video, one track per language.
create table public.video_subtitles (
  source_path text not null check (source_path ~ '^products/' and char_length(source_path) <= 1000),
  language text not null check (language ~ '^[a-z]{2,3}(-[A-Z]{2})?$'),
  label text not null check (char_length(btrim(label)) between 1 and 60),
  object_path text not null unique check (object_path = source_path || '.subtitles/' || language || '.vtt'),
  created_at timestamptz not null default now(),
  primary key (source_path, language)
);

-- The original a stream's or a subtitle's object belongs to, when it is registered above; any
-- other object is its own. Null for an unregistered object under a stream or subtitle prefix.
create function private.media_source_of(p_name text)
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select case
    when p_name ~ '\.hls/[^/]+(/[^/]+)?$' then
      (select s.source_path from public.video_streams s where s.source_path = substring(p_name from '^(.*)\.hls/[^/]+(?:/[^/]+)?$'))
    when p_name ~ '\.subtitles/[^/]+\.vtt$' then
      (select t.source_path from public.video_subtitles t where t.object_path = p_name)
    else p_name
  end;
$$;

revoke all on function private.media_source_of(text) from public, anon, authenticated;
grant execute on function private.media_source_of(text) to authenticated;

-- As before, plus: an object of a video's stream or subtitles opens with the video itself.
create or replace function private.may_read_deliverable(p_name text)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1
      from public.download_links l
      join public.order_items i on i.id = l.order_item_id
      join public.orders o on o.id = i.order_id
     where l.user_id = (select auth.uid())
       and l.object_path = private.media_source_of(p_name)
       and l.created_at > now() - make_interval(secs => (select s.signing_window_seconds from private.delivery_settings s))
       and private.delivered_path(i.file_type, i.file_path, i.stamped_path) = l.object_path
       and o.user_id = l.user_id
       and private.line_gives_access(o.status, i.refunded_at, o.dispute_status)
  );
$$;

alter table public.video_streams enable row level security;
alter table public.video_subtitles enable row level security;

-- The viewer learns, with its link, whether the video has a stream and which subtitles.
create policy "Buyers see the stream of a video they opened, administrators all"
  on public.video_streams for select to authenticated
  using ((select private.is_admin()) or private.may_read_deliverable(source_path));

create policy "Buyers see the subtitles of a video they opened, administrators all"
  on public.video_subtitles for select to authenticated
  using ((select private.is_admin()) or private.may_read_deliverable(source_path));

revoke all on public.video_streams, public.video_subtitles from anon, authenticated;
grant select on public.video_streams, public.video_subtitles to authenticated;
-- The transcode job writes the streams with the secret key.
grant select, insert, update, delete on public.video_streams to service_role;
grant select on public.video_subtitles to service_role;

-- The administrator's subtitles: attaches (or replaces) the track of one language of a video
-- product file, once its .vtt object is in the bucket, stored as text/vtt. Administrators only
-- (42501); 22023 for a file that is not a product's video or an object that is not WebVTT.
create function public.admin_set_video_subtitles(p_source_path text, p_language text, p_label text)
returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  path text := p_source_path || '.subtitles/' || p_language || '.vtt';
begin
  if not (select private.is_admin()) then
    raise exception 'admin_set_video_subtitles is reserved to administrators' using errcode = '42501';
  end if;
  if not exists (select 1 from public.product_files f where f.object_path = p_source_path and f.file_type = 'video') then
    raise exception 'admin_set_video_subtitles: % is not a product video', p_source_path using errcode = '22023';
  end if;
  if not exists (select 1 from storage.objects o
                  where o.bucket_id = 'deliverables' and o.name = path and o.metadata->>'mimetype' = 'text/vtt') then
    raise exception 'admin_set_video_subtitles: % is not a WebVTT file of the bucket', path using errcode = '22023';
  end if;
  insert into public.video_subtitles (source_path, language, label, object_path)
  values (p_source_path, p_language, btrim(p_label), path)
  on conflict (source_path, language) do update set label = excluded.label, created_at = now();
  return path;
end;
$$;

revoke all on function public.admin_set_video_subtitles(text, text, text) from public, anon;
grant execute on function public.admin_set_video_subtitles(text, text, text) to authenticated;

-- Takes a track off a video; returns its object for the page to delete (null when there was none).
create function public.admin_remove_video_subtitles(p_source_path text, p_language text)
returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  removed text;
begin
  if not (select private.is_admin()) then
    raise exception 'admin_remove_video_subtitles is reserved to administrators' using errcode = '42501';
  end if;
  delete from public.video_subtitles t where t.source_path = p_source_path and t.language = p_language
  returning t.object_path into removed;
  return removed;
end;
$$;

revoke all on function public.admin_remove_video_subtitles(text, text) from public, anon;
grant execute on function public.admin_remove_video_subtitles(text, text) to authenticated;

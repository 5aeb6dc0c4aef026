-- Ulak: the procedures of SPEC §7 (counters, download log, analytics).
--
-- SECURITY INVOKER, not DEFINER: the only caller is the API, which connects as the table owner
-- and so already has every right these functions need. A DEFINER function would run with the
-- owner's rights for whoever may call it, which is exactly what the anon role must never get.
-- search_path is still fixed to '' (everything below is schema-qualified) so that a caller's
-- search_path can never redirect a name to another object, and the advisor's
-- function_search_path_mutable lint stays quiet.
--
-- Days are UTC days, whatever the session's TimeZone, so that the numbers are the same on
-- Supabase, on PGlite and on a developer's database.

create function public.increment_view_count(p_share_id text)
returns void
language sql
security invoker
set search_path = ''
as $$
  update public.files set view_count = view_count + 1 where share_id = p_share_id;
$$;

comment on function public.increment_view_count(text) is
  'Adds one to the view count of the file with this share id (called when its metadata is fetched).';


create function public.increment_download_count(p_share_id text)
returns void
language sql
security invoker
set search_path = ''
as $$
  update public.files set download_count = download_count + 1 where share_id = p_share_id;
$$;

comment on function public.increment_download_count(text) is
  'Adds one to the download count of the file with this share id.';


create function public.log_download(
  p_file_id uuid,
  p_share_id text,
  p_visitor_hash text,
  p_user_agent text,
  p_referrer text,
  p_file_size bigint,
  p_country text default 'Unknown',
  p_city text default 'Unknown',
  p_file_name text default null
)
returns uuid
language sql
security invoker
set search_path = ''
as $$
  insert into public.download_logs
    (file_id, share_id, file_name, visitor_hash, user_agent, referrer, country, city, file_size)
  values (
    p_file_id,
    p_share_id,
    -- The name outlives the file in the log, so take it from the file when the caller gave none.
    coalesce(p_file_name, (select f.name from public.files f where f.id = p_file_id)),
    p_visitor_hash,
    p_user_agent,
    coalesce(nullif(pg_catalog.btrim(p_referrer), ''), 'direct'),
    coalesce(p_country, 'Unknown'),
    coalesce(p_city, 'Unknown'),
    p_file_size
  )
  returning id;
$$;

comment on function public.log_download(uuid, text, text, text, text, bigint, text, text, text) is
  'Records one download and returns the log row id. A missing or empty referrer is stored as ''direct''.';


create function public.get_recent_downloads(p_limit integer default 50)
returns table (
  id uuid,
  file_id uuid,
  share_id text,
  file_name text,
  visitor_hash text,
  user_agent text,
  referrer text,
  country text,
  city text,
  file_size bigint,
  downloaded_at timestamptz
)
language sql
stable
security invoker
set search_path = ''
as $$
  select l.id, l.file_id, l.share_id, l.file_name, l.visitor_hash, l.user_agent, l.referrer,
         l.country, l.city, l.file_size, l.downloaded_at
  from public.download_logs l
  order by l.downloaded_at desc, l.id
  limit greatest(coalesce(p_limit, 50), 0);
$$;

comment on function public.get_recent_downloads(integer) is
  'The newest downloads first, at most p_limit of them (the dashboard asks for 20).';


create function public.get_daily_analytics(
  p_date date default (pg_catalog.timezone('UTC', pg_catalog.now()))::date
)
returns setof public.daily_analytics
language sql
stable
security invoker
set search_path = ''
as $$
  select d.* from public.daily_analytics d where d.date = p_date;
$$;

comment on function public.get_daily_analytics(date) is
  'The analytics row of one UTC day (today by default), or no row before update_daily_analytics has run for it.';


create function public.get_top_countries(p_days integer default 30)
returns table (country text, download_count bigint)
language sql
stable
security invoker
set search_path = ''
as $$
  select coalesce(l.country, 'Unknown') as country, pg_catalog.count(*) as download_count
  from public.download_logs l
  where l.downloaded_at >= pg_catalog.now() - pg_catalog.make_interval(days => coalesce(p_days, 30))
  group by 1
  order by 2 desc, 1;
$$;

comment on function public.get_top_countries(integer) is
  'Downloads per country over the last p_days days, most first (ties by name).';


create function public.update_daily_analytics(
  p_date date default (pg_catalog.timezone('UTC', pg_catalog.now()))::date
)
returns void
language sql
security invoker
set search_path = ''
as $$
  with bounds as (
    select pg_catalog.timezone('UTC', p_date::timestamp) as day_start,
           pg_catalog.timezone('UTC', (p_date + 1)::timestamp) as day_end
  ),
  up as (
    select pg_catalog.count(*)::integer as uploads,
           coalesce(pg_catalog.sum(f.size), 0)::bigint as bytes
    from public.files f, bounds b
    where f.upload_state = 'complete' and f.created_at >= b.day_start and f.created_at < b.day_end
  ),
  down as (
    select pg_catalog.count(*)::integer as downloads,
           coalesce(pg_catalog.sum(l.file_size), 0)::bigint as bytes,
           pg_catalog.count(distinct l.visitor_hash)::integer as visitors
    from public.download_logs l, bounds b
    where l.downloaded_at >= b.day_start and l.downloaded_at < b.day_end
  )
  insert into public.daily_analytics as d
    (date, uploads, downloads, bytes_uploaded, bytes_downloaded, unique_visitors, updated_at)
  select p_date, up.uploads, down.downloads, up.bytes, down.bytes, down.visitors, pg_catalog.now()
  from up, down
  on conflict (date) do update set
    -- Files are deleted 3 days after upload: recomputing a past day would otherwise lower it.
    uploads = greatest(d.uploads, excluded.uploads),
    downloads = greatest(d.downloads, excluded.downloads),
    bytes_uploaded = greatest(d.bytes_uploaded, excluded.bytes_uploaded),
    bytes_downloaded = greatest(d.bytes_downloaded, excluded.bytes_downloaded),
    unique_visitors = greatest(d.unique_visitors, excluded.unique_visitors),
    updated_at = excluded.updated_at;
$$;

comment on function public.update_daily_analytics(date) is
  'Recomputes one UTC day (today by default) from files and download_logs and upserts it, never lowering a stored count.';


-- PostgreSQL grants EXECUTE to PUBLIC on every new function, and Supabase also grants it to anon
-- and authenticated by default: take all of that back, leave it to the owner (the API) and
-- service_role. Role names are guarded so the file applies where the roles are missing.
revoke execute on function
  public.increment_view_count(text),
  public.increment_download_count(text),
  public.log_download(uuid, text, text, text, text, bigint, text, text, text),
  public.get_recent_downloads(integer),
  public.get_daily_analytics(date),
  public.get_top_countries(integer),
  public.update_daily_analytics(date)
from public;

do $$
declare
  r text;
  fns constant text :=
    'public.increment_view_count(text), public.increment_download_count(text), '
    'public.log_download(uuid, text, text, text, text, bigint, text, text, text), '
    'public.get_recent_downloads(integer), public.get_daily_analytics(date), '
    'public.get_top_countries(integer), public.update_daily_analytics(date)';
begin
  foreach r in array array['anon', 'authenticated'] loop
    if exists (select 1 from pg_catalog.pg_roles where rolname = r) then
      execute pg_catalog.format('revoke execute on function %s from %I', fns, r);
    end if;
  end loop;
  if exists (select 1 from pg_catalog.pg_roles where rolname = 'service_role') then
    execute pg_catalog.format('grant execute on function %s to service_role', fns);
  end if;
end
$$;

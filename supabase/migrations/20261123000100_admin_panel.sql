-- Ulak: what the admin panel needs (issue 9).
--
-- 1. settings: the service's limits, one row, read by the API on every upload create (DESIGN,
--    "Decisions added in turn 2"). SPEC §5 bounds: max file size 1-10 GB, auto-delete 1-30 days.
-- 2. files.size may now reach the largest max file size the settings allow (10 GiB).
-- 3. pages: Markdown that replaces the built-in text of a public page once published.
-- 4. removed_shares: a tombstone per taken-down share id, so its link says "removed" (410)
--    instead of "not found", and the id is never handed out again.
-- 5. reports: "Report this file" from the download page, for the admin to take down or dismiss.
-- 6. service_status: small facts the admin's System page shows (the last sweep run).
-- 7. daily_analytics.storage_bytes: storage used, recorded each day, for the storage chart.
-- 8. A trigram index on files.name: the admin searches names by substring, and at 100,000 files a
--    scan took about a second on PGlite (npm run bench); with the index, about a tenth of that.
--
-- As everywhere: RLS on and no policy; only the API (the table owner) reads and writes.

create table public.settings (
  -- One row: the primary key can only be true.
  id boolean primary key default true check (id),
  max_file_size_gb integer not null default 2 check (max_file_size_gb between 1 and 10),
  auto_delete_days integer not null default 3 check (auto_delete_days between 1 and 30),
  allowed_file_types text not null default 'all'
    check (allowed_file_types in ('all', 'documents', 'images', 'custom')),
  -- MIME types (image/png, image/*) and extensions (.zip) for allowed_file_types = 'custom'.
  custom_file_types jsonb not null default '[]'
    check (pg_catalog.jsonb_typeof(custom_file_types) = 'array' and pg_catalog.jsonb_array_length(custom_file_types) <= 50),
  enable_analytics boolean not null default true,
  enable_notifications boolean not null default true,
  maintenance_mode boolean not null default false,
  updated_at timestamptz not null default now(),
  -- The admin's user name, or null for the defaults.
  updated_by text
);

comment on table public.settings is
  'The service''s settings (one row), changed in the admin panel and enforced by the API: max file size and allowed types at upload create, auto-delete days for new uploads, analytics, notifications and maintenance mode.';

-- SPEC §9 defaults: max size 2, auto-delete 3 days, all file types, analytics on, notifications on, maintenance off.
insert into public.settings default values;

alter table public.settings enable row level security;


-- The settings allow up to 10 GB per file (1 GB = 1024^3 bytes, as the app displays sizes).
alter table public.files drop constraint files_size_check;
alter table public.files add constraint files_size_check check (size >= 0 and size <= 10737418240);


create table public.pages (
  slug text not null check (slug in ('home', 'about', 'how-it-works')),
  language text not null check (language in ('en', 'tr')),
  -- Markdown; rendered sanitised by the page (no raw HTML, safe link protocols only).
  content text not null default '' check (pg_catalog.length(content) <= 20000),
  status text not null default 'draft' check (status in ('published', 'draft')),
  updated_at timestamptz not null default now(),
  updated_by text,
  primary key (slug, language)
);

comment on table public.pages is
  'Admin-edited Markdown for a public page in one language. A published row replaces the page''s built-in text; a draft changes nothing public.';

alter table public.pages enable row level security;


create table public.removed_shares (
  share_id text primary key check (share_id ~ '^[A-Za-z0-9]{8}$'),
  file_name text,
  reason text not null check (pg_catalog.length(reason) <= 500),
  removed_at timestamptz not null default now(),
  removed_by text
);

comment on table public.removed_shares is
  'Share ids an admin took down: the object and the file row are gone; this row makes the link answer "This file was removed" and keeps the id from being issued again.';

alter table public.removed_shares enable row level security;


create table public.reports (
  id uuid primary key default gen_random_uuid(),
  share_id text not null check (share_id ~ '^[A-Za-z0-9]{8}$'),
  -- Null once the file is gone (taken down, expired, deleted by its owner).
  file_id uuid references public.files (id) on delete set null,
  file_name text,
  reason text not null check (reason in ('illegal', 'copyright', 'malware', 'abuse', 'personal_data', 'other')),
  details text check (pg_catalog.length(details) <= 1000),
  -- Salted hash of the reporter's address, never the address.
  visitor_hash text,
  status text not null default 'open' check (status in ('open', 'dismissed', 'removed')),
  created_at timestamptz not null default now(),
  resolved_at timestamptz,
  resolved_by text
);

comment on table public.reports is
  'Reports of shared files sent from the download page ("Report this file"), listed in the admin panel until taken down or dismissed.';

create index reports_status_created_at_idx on public.reports (status, created_at desc);
-- Deleting a file sets file_id to null here; without this index each delete scans the table.
create index reports_file_id_idx on public.reports (file_id);

alter table public.reports enable row level security;


create table public.service_status (
  key text primary key,
  value jsonb not null default '{}',
  updated_at timestamptz not null
);

comment on table public.service_status is
  'Small operational facts kept up to date by the API (e.g. key ''sweep'': when the expiry sweep last ran and what it did), for the admin''s System page.';

alter table public.service_status enable row level security;


-- pg_trgm in schema extensions, where Supabase keeps extensions (the advisor warns about public);
-- PGlite loads it at start (supabase/host/database.ts). Where it is missing, search still works,
-- by a scan, and the index is left out.
create schema if not exists extensions;
do $$
begin
  create extension if not exists pg_trgm with schema extensions;
  create index files_name_trgm_idx on public.files using gin (name extensions.gin_trgm_ops);
exception when others then
  raise notice 'pg_trgm is not available (%): the admin''s name search scans the files table.', sqlerrm;
end
$$;


-- Storage used is a fact of a moment, not of a day's events: each update of today records it, so
-- the admin sees how it moved over the month. Null for days nobody recorded.
alter table public.daily_analytics add column storage_bytes bigint;

comment on column public.daily_analytics.storage_bytes is
  'Bytes of the complete files stored when the day was last updated (today: kept current; past days: as last seen).';

create or replace function public.update_daily_analytics(
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
  ),
  stored as (
    -- Only today's row can know what is stored "now".
    select case when p_date = (pg_catalog.timezone('UTC', pg_catalog.now()))::date
             then (select coalesce(pg_catalog.sum(f.size), 0)::bigint from public.files f where f.upload_state = 'complete')
           end as bytes
  )
  insert into public.daily_analytics as d
    (date, uploads, downloads, bytes_uploaded, bytes_downloaded, unique_visitors, storage_bytes, updated_at)
  select p_date, up.uploads, down.downloads, up.bytes, down.bytes, down.visitors, stored.bytes, pg_catalog.now()
  from up, down, stored
  on conflict (date) do update set
    -- Files are deleted after their retention: recomputing a past day would otherwise lower it.
    uploads = greatest(d.uploads, excluded.uploads),
    downloads = greatest(d.downloads, excluded.downloads),
    bytes_uploaded = greatest(d.bytes_uploaded, excluded.bytes_uploaded),
    bytes_downloaded = greatest(d.bytes_downloaded, excluded.bytes_downloaded),
    unique_visitors = greatest(d.unique_visitors, excluded.unique_visitors),
    storage_bytes = coalesce(excluded.storage_bytes, d.storage_bytes),
    updated_at = excluded.updated_at;
$$;

comment on function public.update_daily_analytics(date) is
  'Recomputes one UTC day (today by default) from files and download_logs and upserts it, never lowering a stored count; today''s row also records the storage used now.';

-- create or replace keeps the grants of 20261121000100 (EXECUTE revoked from public, anon, authenticated).


do $$
declare
  r text;
begin
  foreach r in array array['anon', 'authenticated'] loop
    if exists (select 1 from pg_catalog.pg_roles where rolname = r) then
      execute pg_catalog.format(
        'revoke all on table public.settings, public.pages, public.removed_shares, public.reports, public.service_status from %I',
        r
      );
    end if;
  end loop;
end
$$;

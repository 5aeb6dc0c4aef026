-- Ulak: what the open internet needs from the schema (issue 8).
--
-- 1. Per-visitor quotas on uploads: each file remembers the salted hash of the visitor who started
--    it (never the address), so the API can sum the bytes a visitor has reserved in uploads that
--    are still in flight.
-- 2. Stale uploads are judged by their last sign of life, not by their age: a slow uplink that
--    keeps asking for part URLs is never cut off, an abandoned upload is aborted within hours.
-- 3. A file whose object could not be deleted keeps its row, marked deleted: every read hides it
--    (the link behaves as gone) and the sweep retries the storage delete until it succeeds, so no
--    object is ever orphaned.
-- 4. Rate limits that hold under parallel requests: one counter row per action and visitor,
--    taken with a single guarded upsert (atomic on PostgreSQL and PGlite alike).

alter table public.files
  add column uploader_hash text,
  add column last_activity_at timestamptz,
  add column deleted_at timestamptz;

-- Rows from before this migration count as active since their creation.
update public.files set last_activity_at = created_at where last_activity_at is null;
alter table public.files
  alter column last_activity_at set default now(),
  alter column last_activity_at set not null;

comment on column public.files.uploader_hash is
  'Salted hash of the visitor who started the upload (never the address), for the per-visitor quota on bytes in flight.';
comment on column public.files.last_activity_at is
  'When the uploading device last created, signed or listed parts; the sweep aborts uploads idle for longer than the stale window.';
comment on column public.files.deleted_at is
  'Set when the file was deleted but its object could not be removed yet: every read treats the file as gone and the sweep retries the storage delete.';

-- The quota sums a visitor's uploads in flight; the sweep finds idle uploads and pending deletes.
create index files_uploader_in_flight_idx on public.files (uploader_hash) where upload_state = 'uploading';
create index files_uploading_activity_idx on public.files (last_activity_at) where upload_state = 'uploading';
create index files_deleted_at_idx on public.files (deleted_at) where deleted_at is not null;
-- Log retention prunes by date.
-- (system_logs_created_at_idx and download_logs_downloaded_at_idx exist since the first migration.)


create table public.rate_limits (
  action text not null,
  -- Salted hash of the visitor's address, never the address.
  visitor_hash text not null,
  window_start timestamptz not null,
  hits integer not null check (hits >= 0),
  primary key (action, visitor_hash)
);

comment on table public.rate_limits is
  'One fixed-window counter per action (admin sign-in, send, upload create) and visitor hash. Taken and released by the API in single statements, so parallel requests cannot pass a limit together. Old windows are pruned by the sweep.';

create index rate_limits_window_start_idx on public.rate_limits (window_start);

alter table public.rate_limits enable row level security;

-- As for every table: nothing for the data API roles (the API connects as the owner).
do $$
declare
  r text;
begin
  foreach r in array array['anon', 'authenticated'] loop
    if exists (select 1 from pg_catalog.pg_roles where rolname = r) then
      execute pg_catalog.format('revoke all on table public.rate_limits from %I', r);
    end if;
  end loop;
end
$$;

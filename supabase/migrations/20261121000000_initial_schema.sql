-- Ulak: tables.
--
-- Every table has row level security on and no policy at all: the browser never talks to the
-- tables (DESIGN §3). All reads and writes go through the API, which connects as the table owner
-- (owners bypass RLS), so the anon and authenticated roles of the Supabase data API see nothing.
-- The roles anon, authenticated and service_role exist on Supabase; on PGlite and plain
-- PostgreSQL the host creates them (supabase/host/database.ts) before migrations run.

create table public.files (
  id uuid primary key default gen_random_uuid(),
  -- The original name, shown to people and used in Content-Disposition; the object key uses the
  -- sanitised form (storage_path).
  name text not null check (name <> ''),
  size bigint not null check (size >= 0 and size <= 2147483648),
  type text not null default 'application/octet-stream',
  storage_path text not null unique,
  share_id text not null unique check (share_id ~ '^[A-Za-z0-9]{8}$'),
  -- Null while the upload is in progress; set at completion (retention counts from then).
  expires_at timestamptz,
  created_at timestamptz not null default now(),
  download_count integer not null default 0 check (download_count >= 0),
  view_count integer not null default 0 check (view_count >= 0),
  -- Hex SHA-256 of the random owner token; the token itself stays on the uploader's device.
  owner_token_hash text not null check (owner_token_hash ~ '^[0-9a-f]{64}$'),
  upload_state text not null default 'uploading' check (upload_state in ('uploading', 'complete')),
  -- The S3 multipart upload id while uploading, so a resumed upload and the sweep can find it.
  upload_id text,
  part_size integer check (part_size > 0),
  part_count integer check (part_count > 0),
  completed_at timestamptz,
  -- A complete file always expires: "expired means gone" depends on it.
  constraint files_complete_has_expiry check (upload_state = 'uploading' or expires_at is not null)
);

comment on table public.files is
  'One shared file: display metadata, its object key, share id, expiry and counters. Rows are written only by the API; the sweep deletes expired rows together with their objects.';
comment on column public.files.owner_token_hash is
  'Hex SHA-256 of the owner token returned once at upload creation; deleting needs the token.';
comment on column public.files.upload_state is
  '''uploading'' until the API has checked the object (HeadObject) and completed the upload.';

-- The sweep looks for expired files, and for stale incomplete uploads by age.
create index files_expires_at_idx on public.files (expires_at);
create index files_upload_state_created_at_idx on public.files (upload_state, created_at);

alter table public.files enable row level security;


create table public.download_logs (
  id uuid primary key default gen_random_uuid(),
  -- Kept after the file is deleted (3 days) so the analytics still count the download.
  file_id uuid references public.files (id) on delete set null,
  share_id text not null,
  file_name text,
  -- Salted hash of the client address: the product keeps no raw IP (DESIGN §3, privacy).
  visitor_hash text,
  user_agent text,
  referrer text not null default 'direct',
  country text,
  city text,
  file_size bigint,
  downloaded_at timestamptz not null default now()
);

comment on table public.download_logs is
  'One row per download, for the admin analytics. Holds a salted hash of the visitor address, never the address.';

create index download_logs_downloaded_at_idx on public.download_logs (downloaded_at);
-- Deleting a file sets file_id to null here; without this index each delete scans the table.
create index download_logs_file_id_idx on public.download_logs (file_id);

alter table public.download_logs enable row level security;


create table public.system_logs (
  id uuid primary key default gen_random_uuid(),
  event_type text not null,
  event_data jsonb not null default '{}',
  visitor_hash text,
  user_agent text,
  created_at timestamptz not null default now()
);

comment on table public.system_logs is
  'Operational events worth keeping (uploads, deletions, sweeps, admin sign-ins). Holds a salted hash of the visitor address, never the address.';

create index system_logs_created_at_idx on public.system_logs (created_at);

alter table public.system_logs enable row level security;


create table public.daily_analytics (
  date date primary key,
  uploads integer not null default 0,
  downloads integer not null default 0,
  bytes_uploaded bigint not null default 0,
  bytes_downloaded bigint not null default 0,
  unique_visitors integer not null default 0,
  updated_at timestamptz not null default now()
);

comment on table public.daily_analytics is
  'One row per UTC day, maintained by update_daily_analytics(). Counts never go down, because the files they were computed from are deleted after 3 days.';

alter table public.daily_analytics enable row level security;


-- Defence in depth: RLS without policies already hides every row from the data API roles; on
-- Supabase those roles are also granted table privileges by default, which we take back here.
-- Guarded so the file applies on a database where the roles are missing.
do $$
declare
  r text;
begin
  foreach r in array array['anon', 'authenticated'] loop
    if exists (select 1 from pg_catalog.pg_roles where rolname = r) then
      execute pg_catalog.format(
        'revoke all on table public.files, public.download_logs, public.system_logs, public.daily_analytics from %I',
        r
      );
    end if;
  end loop;
end
$$;

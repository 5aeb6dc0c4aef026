-- Ulak: transfers, what one visitor sends in one go, under one link.
--
-- 1. transfers: one row per transfer, with its own 8-character share id (the same form as a
--    file's), the hash of its owner token, the sender's optional name and message, and counters.
-- 2. files.transfer_id and files.path: the transfer a file joined and its folder inside it
--    (relative, '/'-separated, '' for the top level; the API refuses unsafe paths before this).
-- 3. One namespace of share ids: /s/{id} resolves a file or a transfer, so no transfer may take a
--    file's id or the other way round. A trigger checks the other table under a lock of the id,
--    and skips (inserts nothing) when the id is taken; the API then draws another.
-- 4. removed_shares keeps what the uploader needs to be told that an admin took a file down
--    (its name, size, folder, transfer and the hash of its owner token) until the file would have
--    expired anyway.
--
-- As everywhere: RLS on and no policy; only the API (the table owner) reads and writes.

create table public.transfers (
  id uuid primary key default gen_random_uuid(),
  share_id text not null unique check (share_id ~ '^[A-Za-z0-9]{8}$'),
  -- Hex SHA-256 of the random owner token; the token itself stays on the sender's device.
  owner_token_hash text not null check (owner_token_hash ~ '^[0-9a-f]{64}$'),
  -- The sender's own words, shown escaped on the link's page and quoted in the mail.
  sender_name text check (sender_name is null or pg_catalog.char_length(sender_name) between 1 and 80),
  message text check (message is null or pg_catalog.char_length(message) between 1 and 1000),
  created_at timestamptz not null default now(),
  -- Download all: one per visitor and window, as for a file.
  download_count integer not null default 0 check (download_count >= 0),
  view_count integer not null default 0 check (view_count >= 0),
  -- Salted hash of the visitor who created it (never the address).
  uploader_hash text,
  -- Set by the owner's delete: every read hides it; its files are being removed.
  deleted_at timestamptz,
  -- Set when an admin took the whole transfer down (its link answers 410).
  taken_down_at timestamptz
);

comment on table public.transfers is
  'What one visitor sends in one go, under one link (/s/{share_id}); its files point to it. Written only by the API; the sweep deletes a transfer once it has no file left.';
comment on column public.transfers.owner_token_hash is
  'Hex SHA-256 of the owner token returned once at creation; adding files, deleting and mailing the transfer need the token.';

-- The sweep looks for deleted and for empty old transfers.
create index transfers_created_at_idx on public.transfers (created_at);
create index transfers_deleted_at_idx on public.transfers (deleted_at) where deleted_at is not null;

alter table public.transfers enable row level security;


alter table public.files
  -- No cascade: a transfer's row goes only after its files (and their objects) are gone.
  add column transfer_id uuid references public.transfers (id),
  add column path text not null default '' check (pg_catalog.char_length(path) <= 512);

comment on column public.files.transfer_id is
  'The transfer this file was sent in, or null for a file sent alone.';
comment on column public.files.path is
  'The file''s folder inside its transfer: relative, ''/''-separated, without the file name; '''' is the top level.';

create index files_transfer_id_idx on public.files (transfer_id) where transfer_id is not null;


alter table public.removed_shares
  add column file_id uuid,
  add column owner_token_hash text check (owner_token_hash is null or owner_token_hash ~ '^[0-9a-f]{64}$'),
  add column transfer_id uuid,
  add column path text,
  add column size bigint,
  add column type text,
  add column created_at timestamptz,
  -- Until when the uploader's list shows the file as taken down: when it would have expired.
  add column shown_until timestamptz;

comment on column public.removed_shares.shown_until is
  'Until then the uploader''s Transfers list shows the file as taken down (when it would have expired); the tombstone itself stays to keep the id out of use.';

create index removed_shares_transfer_id_idx on public.removed_shares (transfer_id) where transfer_id is not null;


-- The guard of the one namespace. A lock of the id (for this transaction) makes two inserts of
-- the same id into the two tables wait for each other, so the second sees the first.
create function public.guard_share_id_namespace()
returns trigger
language plpgsql
security invoker
set search_path = ''
as $$
begin
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtext('ulak:share-id:' || new.share_id));
  if tg_table_name = 'files' then
    if exists (select 1 from public.transfers t where t.share_id = new.share_id) then
      return null;
    end if;
  elsif exists (select 1 from public.files f where f.share_id = new.share_id)
     or exists (select 1 from public.removed_shares r where r.share_id = new.share_id) then
    return null;
  end if;
  return new;
end
$$;

comment on function public.guard_share_id_namespace() is
  'Before an insert into files or transfers: skips the row when its share id belongs to the other table (or, for a transfer, to a taken-down file), so /s/{id} names one thing.';

create trigger files_share_id_namespace before insert on public.files
  for each row execute function public.guard_share_id_namespace();
create trigger transfers_share_id_namespace before insert on public.transfers
  for each row execute function public.guard_share_id_namespace();

revoke execute on function public.guard_share_id_namespace() from public;

-- As for every table and function: nothing for the data API roles (the API connects as the owner).
do $$
declare
  r text;
begin
  foreach r in array array['anon', 'authenticated'] loop
    if exists (select 1 from pg_catalog.pg_roles where rolname = r) then
      execute pg_catalog.format('revoke all on table public.transfers from %I', r);
      execute pg_catalog.format('revoke execute on function public.guard_share_id_namespace() from %I', r);
    end if;
  end loop;
  if exists (select 1 from pg_catalog.pg_roles where rolname = 'service_role') then
    grant execute on function public.guard_share_id_namespace() to service_role;
  end if;
end
$$;

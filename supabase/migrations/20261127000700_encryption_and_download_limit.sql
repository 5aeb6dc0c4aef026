-- Ulak: end-to-end encrypted transfers, their optional password, and the download limit.
--
-- 1. transfers: what the server keeps of an encrypted transfer, all of it public by design (the
--    format's version, the link key's check value, the password's salt and verifier; never a key),
--    and the optional limit of downloads with its atomic counter.
-- 2. files.plaintext_size: for a file of an encrypted transfer, the size people see; files.size
--    stays the bytes the bucket holds (part plan, HeadObject check, quotas, storage totals).
--
-- As everywhere: RLS on and no policy; only the API (the table owner) reads and writes.

alter table public.transfers
  add column encryption_version smallint check (encryption_version = 1),
  -- 16 bytes as 22 base64url characters: HKDF of the link key, lets the page tell a wrong key from damage.
  add column key_check text check (key_check ~ '^[A-Za-z0-9_-]{22}$'),
  -- 16 bytes as 22 base64url characters: PBKDF2's salt for the optional password.
  add column password_salt text check (password_salt ~ '^[A-Za-z0-9_-]{22}$'),
  -- 32 bytes as 43 base64url characters: what a visitor's proof must equal (it needs the link and the password).
  add column password_verifier text check (password_verifier ~ '^[A-Za-z0-9_-]{43}$'),
  -- Downloads allowed in all (a Download all or one file's download each counts one); null: no limit.
  add column max_downloads smallint check (max_downloads between 1 and 1000),
  add column downloads_used integer not null default 0 check (downloads_used >= 0),
  -- When the last allowed download was handed out: the sweep deletes the transfer once its tickets expired.
  add column downloads_used_up_at timestamptz,
  add constraint transfers_encryption_whole check ((encryption_version is null) = (key_check is null)),
  add constraint transfers_password_whole check (
    (password_salt is null) = (password_verifier is null) and (password_salt is null or key_check is not null)
  ),
  add constraint transfers_downloads_within_limit check (max_downloads is null or downloads_used <= max_downloads);

comment on column public.transfers.key_check is
  'HKDF of the link key (docs/encryption.md): public; the link key itself never reaches the server.';
comment on column public.transfers.password_verifier is
  'Derived from the link key and the password together: without the link it tests no password. Never sent to a visitor.';
comment on column public.transfers.downloads_used is
  'Downloads handed out, counted by one guarded UPDATE so parallel requests cannot pass max_downloads.';

-- The sweep looks for transfers whose downloads were used up.
create index transfers_downloads_used_up_at_idx on public.transfers (downloads_used_up_at)
  where downloads_used_up_at is not null;


alter table public.files
  add column plaintext_size bigint check (plaintext_size >= 0 and plaintext_size <= size);

comment on column public.files.plaintext_size is
  'For an end-to-end encrypted file, its size before encryption (what people see); null for a file stored as sent. size is what the bucket holds.';

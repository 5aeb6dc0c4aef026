-- Ulak: a file's upload key, so that starting an upload is safe to repeat.
--
-- The sender's device names each file of a transfer (its upload job's id) when it asks for the
-- upload. A device whose answer was lost (the tab closed while the answer was on its way) asks
-- again with the same key and is handed the same upload, instead of a second one while the first
-- lingers in the transfer, unfinished, until the idle sweep.
--
-- As everywhere: RLS on and no policy; only the API (the table owner) reads and writes.

alter table public.files add column upload_key uuid;

comment on column public.files.upload_key is
  'The sender''s name for this file of its transfer (POST /uploads uploadKey): a create repeated with it is answered with the same upload.';

-- One live file per key and transfer: two creates with one key cannot both insert.
create unique index files_transfer_upload_key_idx on public.files (transfer_id, upload_key)
  where upload_key is not null and deleted_at is null;

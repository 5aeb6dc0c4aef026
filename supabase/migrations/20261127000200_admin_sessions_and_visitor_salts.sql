-- Ulak: admin sessions that can be revoked, and a visitor salt that changes every day.
--
-- 1. Each admin sign-in is a row; its token names the row and is signed with a key bound to the
--    admin's password hash. Logout deletes the row, so every host on this database refuses the
--    token at once; a changed password makes every earlier token's signature wrong.
-- 2. Visitor hashes are salted with a random salt of the current UTC day. The salt of a day is
--    kept while quotas may still look it up (that day and the next) and deleted after, so a hash
--    in the logs cannot be reversed by trying every address once its day's salt is gone.

create table public.admin_sessions (
  id uuid primary key,
  username text not null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null
);

comment on table public.admin_sessions is
  'One row per admin sign-in that has not logged out. The API refuses a token whose row is gone; expired rows are deleted at the next sign-in.';

create index admin_sessions_expires_at_idx on public.admin_sessions (expires_at);

alter table public.admin_sessions enable row level security;

create table public.visitor_salts (
  day date primary key,
  salt text not null
);

comment on table public.visitor_salts is
  'The random salt of visitor hashes for each UTC day, created by the first request of the day. Quotas look up today''s and yesterday''s hashes; older salts are deleted.';

alter table public.visitor_salts enable row level security;

-- As for every table: nothing for the data API roles (the API connects as the owner).
do $$
declare
  r text;
begin
  foreach r in array array['anon', 'authenticated'] loop
    if exists (select 1 from pg_catalog.pg_roles where rolname = r) then
      execute pg_catalog.format('revoke all on table public.admin_sessions, public.visitor_salts from %I', r);
    end if;
  end loop;
end
$$;

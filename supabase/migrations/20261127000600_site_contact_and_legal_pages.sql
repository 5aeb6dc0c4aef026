-- Ulak: what a self-hoster must be able to change without a rebuild.
--
-- 1. settings.contact_email and settings.social_links: the footer's contact address and profile
--    links. Empty by default, so an install never shows an address that is not its operator's;
--    the footer shows only what is set.
-- 2. pages may also be the legal pages (terms, privacy, cookies): the operator edits them like About.

alter table public.settings
  -- '' = no address shown. 254 characters is the longest address SMTP can carry (RFC 5321).
  add column contact_email text not null default '' check (pg_catalog.length(contact_email) <= 254),
  -- http(s) addresses of the operator's profiles, in the order the footer shows them.
  add column social_links jsonb not null default '[]'
    check (pg_catalog.jsonb_typeof(social_links) = 'array' and pg_catalog.jsonb_array_length(social_links) <= 10);

comment on column public.settings.contact_email is
  'The address the footer and the legal pages give for questions; empty: none is shown.';
comment on column public.settings.social_links is
  'The operator''s profile links (http or https), shown in the footer with an icon each; empty: none.';

alter table public.pages drop constraint pages_slug_check;
alter table public.pages add constraint pages_slug_check
  check (slug in ('home', 'about', 'how-it-works', 'terms', 'privacy', 'cookies'));

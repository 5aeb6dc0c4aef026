-- Ulak: run the expiry sweep every minute on Supabase.
--
-- On one machine the Node host runs the sweep on a 60 s timer; on Supabase nothing runs between
-- requests, so pg_cron calls the API's sweep endpoint (POST /functions/v1/api/sweep with
-- "Authorization: Bearer <SWEEP_SECRET>") through pg_net once a minute.
--
-- The job reads two Vault secrets at run time, so no URL or secret is written into a migration:
--   project_url   e.g. https://<project-ref>.supabase.co
--   sweep_secret  the same value as the API's SWEEP_SECRET
-- The README explains setting them (select vault.create_secret('<value>', '<name>');). Until they
-- exist the job's request fails harmlessly every minute.
--
-- Guarded: where pg_cron or pg_net is not available, or not loaded by the server (PGlite, plain
-- PostgreSQL 15), this migration does nothing, so the same migrations apply everywhere.
do $$
declare
  have_cron boolean;
  have_net boolean;
begin
  have_cron := exists (select 1 from pg_catalog.pg_extension where extname = 'pg_cron')
    or (
      exists (select 1 from pg_catalog.pg_available_extensions where name = 'pg_cron')
      and pg_catalog.current_setting('shared_preload_libraries', true) like '%pg_cron%'
    );
  have_net := exists (select 1 from pg_catalog.pg_extension where extname = 'pg_net')
    or (
      exists (select 1 from pg_catalog.pg_available_extensions where name = 'pg_net')
      and pg_catalog.current_setting('shared_preload_libraries', true) like '%pg_net%'
    );

  if not (have_cron and have_net) then
    raise notice 'pg_cron or pg_net not available: the expiry sweep is not scheduled in the database (the Node host runs it on a timer).';
    return;
  end if;

  -- Where Supabase recommends them: pg_cron in pg_catalog, pg_net in the extensions schema (the
  -- advisor warns about extensions in public). pg_net puts its functions in schema net anyway.
  create extension if not exists pg_cron with schema pg_catalog;
  if exists (select 1 from pg_catalog.pg_namespace where nspname = 'extensions') then
    create extension if not exists pg_net with schema extensions;
  else
    create extension if not exists pg_net;
  end if;

  -- cron.schedule with a job name replaces an existing job of that name, so this is re-runnable.
  -- Dynamic SQL: schema cron only exists once the extension does.
  execute $sql$
    select cron.schedule(
      'ulak-expiry-sweep',
      '* * * * *',
      $job$
        select net.http_post(
          url := (select decrypted_secret from vault.decrypted_secrets where name = 'project_url')
                 || '/functions/v1/api/sweep',
          headers := jsonb_build_object(
            'Content-Type', 'application/json',
            'Authorization', 'Bearer ' || (
              select decrypted_secret from vault.decrypted_secrets where name = 'sweep_secret'
            )
          ),
          body := '{}'::jsonb,
          timeout_milliseconds := 55000
        );
      $job$
    )
  $sql$;
end
$$;

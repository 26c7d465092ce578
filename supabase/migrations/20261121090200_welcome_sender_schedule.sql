-- On Supabase, pg_cron calls the deliver-welcome-emails function every minute through
-- pg_net. The project URL and service key come from Vault at run time (see README,
-- "Deploy on Supabase and Sanity"). Where pg_cron is not available (the self-hosted
-- server, plain PostgreSQL, PGlite) this does nothing: the server runs its own sender.
do $$
begin
  if exists (select from pg_available_extensions where name = 'pg_cron')
     and exists (select from pg_available_extensions where name = 'pg_net') then
    create extension if not exists pg_cron;
    create extension if not exists pg_net;
    perform cron.schedule(
      'deliver-welcome-emails',
      '* * * * *',
      $job$
        select net.http_post(
          url := (select decrypted_secret from vault.decrypted_secrets where name = 'project_url')
                 || '/functions/v1/deliver-welcome-emails',
          headers := jsonb_build_object(
            'Content-Type', 'application/json',
            'Authorization', 'Bearer ' || (select decrypted_secret from vault.decrypted_secrets where name = 'service_role_key')
          ),
          body := '{}'::jsonb
        );
      $job$
    );
  end if;
end
$$;

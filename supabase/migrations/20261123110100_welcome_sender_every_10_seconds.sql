-- On Supabase, pg_cron calls deliver-welcome-emails every 10 seconds instead of every minute
-- (pg_cron takes '[1-59] seconds' schedules), so a welcome whose first attempt failed is
-- retried within seconds. The function sweeps for up to 20 s, longer than pg_net's default
-- 5 s timeout, hence the timeout given here; runs that overlap share the outbox through its
-- leases. Same secrets as migration 20261121090200; nothing happens where pg_cron is missing.
do $$
begin
  if exists (select from pg_available_extensions where name = 'pg_cron')
     and exists (select from pg_available_extensions where name = 'pg_net') then
    create extension if not exists pg_cron;
    create extension if not exists pg_net;
    -- Same job name: pg_cron replaces the schedule of 20261121090200.
    perform cron.schedule(
      'deliver-welcome-emails',
      '10 seconds',
      $job$
        select net.http_post(
          url := (select decrypted_secret from vault.decrypted_secrets where name = 'project_url')
                 || '/functions/v1/deliver-welcome-emails',
          headers := jsonb_build_object(
            'Content-Type', 'application/json',
            'Authorization', 'Bearer ' || (select decrypted_secret from vault.decrypted_secrets where name = 'service_role_key')
          ),
          body := '{}'::jsonb,
          timeout_milliseconds := 30000
        );
      $job$
    );
  end if;
end
$$;

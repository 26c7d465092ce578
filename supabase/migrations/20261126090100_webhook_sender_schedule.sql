-- On Supabase, pg_cron calls deliver-webhooks every 10 seconds, as it calls deliver-welcome-emails
-- (migration 20261123110100): the function delivers what is due for up to 20 s; runs that overlap
-- share the outbox through its leases. Same vault secrets; nothing happens where pg_cron is missing.
do $$
begin
  if exists (select from pg_available_extensions where name = 'pg_cron')
     and exists (select from pg_available_extensions where name = 'pg_net') then
    create extension if not exists pg_cron;
    create extension if not exists pg_net;
    perform cron.schedule(
      'deliver-webhooks',
      '10 seconds',
      $job$
        select net.http_post(
          url := (select decrypted_secret from vault.decrypted_secrets where name = 'project_url')
                 || '/functions/v1/deliver-webhooks',
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

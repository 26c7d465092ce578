-- Webhook retries as README ("Webhooks") and decision 0044 state them: the first attempt, then a
-- retry after each delay of the schedule (WEBHOOK_RETRY_SCHEDULE: at once, 5 s, 5 min, 30 min, 2 h,
-- 5 h, 10 h, 10 h). Before this, the schedule's first delay stood for the first attempt, so the first
-- retry came after 5 s and one retry fewer was made.

/**
 * Records one attempt. A 2xx delivers it; a 410 disables the endpoint; any other failure makes it
 * due again after p_schedule's next delay (seconds before retry n is p_schedule[n], so the first
 * retry after 0 comes at once), or over once every retry is spent; an endpoint failing for
 * p_disable_after_seconds is disabled.
 */
create or replace function webhooks.record_attempt(
  p_id bigint, p_status integer, p_error text, p_schedule double precision[], p_disable_after_seconds double precision
) returns text
  language plpgsql
  set search_path = ''
  as $$
declare
  delivery webhooks.deliveries;
  delivered boolean := p_status between 200 and 299;
  outcome text;
begin
  select * into delivery from webhooks.deliveries where id = p_id and status = 'pending' for update;
  if not found then
    return 'gone';
  end if;
  outcome := case
    when delivered then 'delivered'
    when delivery.attempts + 1 > cardinality(p_schedule) or p_status = 410 then 'failed'
    else 'pending' end;
  update webhooks.deliveries
  set status = outcome, attempts = attempts + 1, leased_until = null,
      last_status = p_status, last_error = case when delivered then null else left(p_error, 500) end,
      last_attempt_at = now(), delivered_at = case when delivered then now() end,
      next_attempt_at = case when outcome = 'pending'
        then now() + make_interval(secs => p_schedule[delivery.attempts + 1]) else now() end
  where id = p_id;

  if delivered then
    update webhooks.endpoints set failing_since = null where id = delivery.endpoint_id and failing_since is not null;
  elsif p_status = 410 then
    update webhooks.endpoints set disabled_at = now(), disabled_reason = 'The endpoint answered 410 Gone.'
    where id = delivery.endpoint_id and disabled_at is null;
  else
    update webhooks.endpoints
    set failing_since = coalesce(failing_since, now()),
        disabled_at = case when failing_since < now() - make_interval(secs => p_disable_after_seconds) then now() end,
        disabled_reason = case when failing_since < now() - make_interval(secs => p_disable_after_seconds)
          then 'Every delivery failed for ' || round((p_disable_after_seconds / 86400)::numeric, 1) || ' days.' end
    where id = delivery.endpoint_id and disabled_at is null;
  end if;
  if outcome <> 'pending' then
    perform webhooks.forget_finished(waitlist_id) from webhooks.events where id = delivery.event_id and waitlist_id is not null;
  end if;
  return outcome;
end;
$$;

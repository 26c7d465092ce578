-- Signed webhooks (docs/decisions/0044-signed-webhooks.md): the endpoints operators add in the
-- Launch tool, and an outbox of events written in the same transaction as the change that causes
-- them, delivered by the webhook senders (supabase/functions/_shared/webhooks/) with leases and
-- the Standard Webhooks retry schedule, in order of creation per person and endpoint.

create schema webhooks;
revoke all on schema webhooks from public;

create table webhooks.endpoints (
  id uuid primary key default gen_random_uuid(),
  url text not null constraint endpoints_url_bounded check (char_length(url) between 8 and 2000),
  description text not null default '' constraint endpoints_description_bounded check (char_length(description) <= 500),
  events text[] not null constraint endpoints_events_known check (
    cardinality(events) between 1 and 4
    and events <@ array['waitlist.signup.created', 'waitlist.signup.confirmed', 'waitlist.signup.removed', 'waitlist.invite.sent']
  ),
  -- whsec_ and base64: the receiver's key; the one before a rotation signs too until previous_secret_until.
  secret text not null constraint endpoints_secret_shape check (secret ~ '^whsec_[A-Za-z0-9+/=]{32,}$'),
  previous_secret text constraint endpoints_previous_secret_shape check (previous_secret ~ '^whsec_[A-Za-z0-9+/=]{32,}$'),
  previous_secret_until timestamptz,
  created_at timestamptz not null default now(),
  -- Since when every attempt has failed (null while the last one succeeded): five days of it disable the endpoint.
  failing_since timestamptz,
  disabled_at timestamptz,
  disabled_reason text
);
comment on table webhooks.endpoints is 'Where the webhook senders deliver events; added, rotated and disabled in the Launch tool.';

create table webhooks.events (
  -- The webhook-id header: the same for every endpoint and every retry, the receiver's idempotency key.
  id text primary key default 'msg_' || replace(gen_random_uuid()::text, '-', ''),
  type text not null constraint events_type_known check (
    type in ('waitlist.signup.created', 'waitlist.signup.confirmed', 'waitlist.signup.removed', 'waitlist.invite.sent', 'webhook.test')
  ),
  -- The person it is about (no foreign key: a removal outlives the place); null for a test event.
  waitlist_id uuid,
  -- The body as sent; null once every delivery of it is over and the person is gone (nothing personal kept).
  payload jsonb,
  created_at timestamptz not null default now()
);
create index events_by_person on webhooks.events (waitlist_id) where waitlist_id is not null;

create table webhooks.deliveries (
  id bigint generated always as identity primary key,
  event_id text not null references webhooks.events on delete cascade,
  endpoint_id uuid not null references webhooks.endpoints on delete cascade,
  status text not null default 'pending' constraint deliveries_status_known check (status in ('pending', 'delivered', 'failed')),
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  -- Set while a sender holds the delivery; next_attempt_at moves with it, so a lost lease makes it due again.
  leased_until timestamptz,
  -- The last attempt: the receiver's status code (null when no answer came), and what went wrong.
  last_status integer,
  last_error text,
  last_attempt_at timestamptz,
  delivered_at timestamptz,
  unique (event_id, endpoint_id)
);
create index deliveries_due on webhooks.deliveries (next_attempt_at) where status = 'pending';
-- An endpoint's deliveries still to make, in the order their events happened (the claim walks it).
create index deliveries_pending_by_endpoint on webhooks.deliveries (endpoint_id, id) where status = 'pending';
create index deliveries_leased_by_endpoint on webhooks.deliveries (endpoint_id) where status = 'pending' and leased_until is not null;
create index deliveries_by_endpoint on webhooks.deliveries (endpoint_id, id desc);

/**
 * Records an event and a delivery of it to every enabled endpoint that asked for its type; no
 * event is kept when none did. Returns the event's id, or null.
 */
create function webhooks.emit(p_type text, p_waitlist_id uuid, p_data jsonb) returns text
  language plpgsql security definer
  set search_path = ''
  as $$
declare
  created text;
begin
  if not exists (select 1 from webhooks.endpoints where disabled_at is null and p_type = any(events)) then
    return null;
  end if;
  insert into webhooks.events (type, waitlist_id, payload)
  values (p_type, p_waitlist_id, jsonb_build_object('type', p_type, 'timestamp', now(), 'version', 1, 'data', p_data))
  returning id into created;
  insert into webhooks.deliveries (event_id, endpoint_id)
  select created, id from webhooks.endpoints where disabled_at is null and p_type = any(events);
  return created;
end;
$$;

create function webhooks.signup_changed() returns trigger
  language plpgsql security definer
  set search_path = ''
  as $$
begin
  if tg_op = 'INSERT' then
    perform webhooks.emit('waitlist.signup.created', new.id, jsonb_build_object(
      'id', new.id, 'email', new.email, 'role', new.role, 'companySize', new.company_size,
      'locale', coalesce(new.signup_locale, new.consent_locale), 'createdAt', new.created_at));
  elsif tg_op = 'UPDATE' then
    perform webhooks.emit('waitlist.signup.confirmed', new.id,
      jsonb_build_object('id', new.id, 'email', new.email, 'confirmedAt', new.confirmed_at));
  else
    perform webhooks.person_removed(old.id, old.email);
  end if;
  return null;
end;
$$;

/**
 * A place is gone. Deliveries about it not yet tried are withdrawn (an endpoint is not told of
 * someone already gone); every endpoint that asked for removals and may have heard of the person
 * gets one, with the address it needs to erase them too; the finished events about the person
 * lose their bodies.
 */
create function webhooks.person_removed(p_id uuid, p_email text) returns void
  language plpgsql security definer
  set search_path = ''
  as $$
declare
  withdrawn_from uuid[];
  removal text;
begin
  with withdrawn as (
    delete from webhooks.deliveries as delivery
    using webhooks.events as event
    where event.id = delivery.event_id and event.waitlist_id = p_id
      and delivery.status = 'pending' and delivery.attempts = 0 and delivery.leased_until is null
    returning delivery.endpoint_id
  )
  select coalesce(array_agg(distinct endpoint_id), '{}') into withdrawn_from from withdrawn;
  delete from webhooks.events as event
  where event.waitlist_id = p_id and not exists (select 1 from webhooks.deliveries as delivery where delivery.event_id = event.id);

  removal := webhooks.emit('waitlist.signup.removed', p_id, jsonb_build_object('id', p_id, 'email', p_email, 'removedAt', now()));
  -- An endpoint told nothing about the person has nothing to take back.
  delete from webhooks.deliveries as delivery
  where delivery.event_id = removal and delivery.endpoint_id = any(withdrawn_from)
    and not exists (select 1 from webhooks.deliveries as other join webhooks.events as event on event.id = other.event_id
                    where event.waitlist_id = p_id and other.endpoint_id = delivery.endpoint_id and other.event_id <> removal);
  delete from webhooks.events as event
  where event.id = removal and not exists (select 1 from webhooks.deliveries as delivery where delivery.event_id = event.id);
  perform webhooks.forget_finished(p_id);
end;
$$;

/** The bodies of a removed person's events whose every delivery is over: nothing personal is kept once it is sent. */
create function webhooks.forget_finished(p_id uuid) returns void
  language sql security definer
  set search_path = ''
  as $$
  update webhooks.events as event set payload = null
  where event.waitlist_id = p_id and event.payload is not null
    and not exists (select 1 from public.waitlist where waitlist.id = p_id)
    and not exists (select 1 from webhooks.deliveries where deliveries.event_id = event.id and deliveries.status = 'pending');
$$;

create trigger waitlist_webhook_created after insert on public.waitlist
  for each row execute function webhooks.signup_changed();
create trigger waitlist_webhook_confirmed after update of confirmed_at on public.waitlist
  for each row when (old.confirmed_at is null and new.confirmed_at is not null)
  execute function webhooks.signup_changed();
create trigger waitlist_webhook_removed after delete on public.waitlist
  for each row execute function webhooks.signup_changed();

/**
 * Leases up to p_max due deliveries for p_lease_seconds: at most p_per_endpoint in flight per
 * endpoint, and for one person and one endpoint only the earliest delivery not yet over, so each
 * endpoint gets a person's events in the order they happened. Returns what a sender needs to
 * sign and post each one.
 */
create function webhooks.claim_due(p_max integer, p_lease_seconds double precision, p_per_endpoint integer) returns jsonb
  language plpgsql
  set search_path = ''
  as $$
declare
  claimed jsonb;
begin
  -- One claim at a time: the per-endpoint bound counts the leases the others hold.
  perform pg_advisory_xact_lock(hashtextextended('webhooks.claim_due', 0));
  with free as (
    select endpoint.id as endpoint_id,
           p_per_endpoint - (select count(*) from webhooks.deliveries as held
                             where held.endpoint_id = endpoint.id and held.status = 'pending' and held.leased_until is not null
                               and held.leased_until > now()) as slots
    from webhooks.endpoints as endpoint
    where endpoint.disabled_at is null
  ), chosen as (
    select pick.id
    from free
    cross join lateral (
      -- Deliveries are made in the order their events happened, so an endpoint's id order is that order.
      select delivery.id
      from webhooks.deliveries as delivery
      join webhooks.events as event on event.id = delivery.event_id
      where delivery.endpoint_id = free.endpoint_id and delivery.status = 'pending' and delivery.next_attempt_at <= now()
        and (event.waitlist_id is null or not exists (
          select 1 from webhooks.events as earlier_event
          join webhooks.deliveries as earlier on earlier.event_id = earlier_event.id and earlier.endpoint_id = delivery.endpoint_id
          where earlier_event.waitlist_id = event.waitlist_id and earlier.status = 'pending' and earlier.id < delivery.id))
      order by delivery.id
      limit greatest(free.slots, 0)
    ) as pick
    order by pick.id
    limit p_max
  ), leased as (
    update webhooks.deliveries as delivery
    set leased_until = now() + make_interval(secs => p_lease_seconds),
        next_attempt_at = now() + make_interval(secs => p_lease_seconds)
    from chosen
    where delivery.id = chosen.id
    returning delivery.id, delivery.event_id, delivery.endpoint_id, delivery.attempts
  )
  select coalesce(jsonb_agg(jsonb_build_object(
           'id', leased.id, 'eventId', leased.event_id, 'attempts', leased.attempts,
           'endpointId', leased.endpoint_id, 'url', endpoint.url,
           'secrets', array_remove(array[endpoint.secret,
                        case when endpoint.previous_secret_until > now() then endpoint.previous_secret end], null),
           'payload', event.payload)
         order by leased.id), '[]'::jsonb)
  into claimed
  from leased
  join webhooks.events as event on event.id = leased.event_id
  join webhooks.endpoints as endpoint on endpoint.id = leased.endpoint_id;
  return claimed;
end;
$$;

/**
 * Records one attempt. A 2xx delivers it; a 410 disables the endpoint; any other failure makes it
 * due again after p_schedule's next delay (seconds before attempt n+1 is p_schedule[n+1]), or over
 * once the schedule is spent; an endpoint failing for p_disable_after_seconds is disabled.
 */
create function webhooks.record_attempt(
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
    when delivery.attempts + 1 >= cardinality(p_schedule) or p_status = 410 then 'failed'
    else 'pending' end;
  update webhooks.deliveries
  set status = outcome, attempts = attempts + 1, leased_until = null,
      last_status = p_status, last_error = case when delivered then null else left(p_error, 500) end,
      last_attempt_at = now(), delivered_at = case when delivered then now() end,
      next_attempt_at = case when outcome = 'pending'
        then now() + make_interval(secs => p_schedule[delivery.attempts + 2]) else now() end
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

/** Gives deliveries back without counting an attempt (the sender is stopping). */
create function webhooks.release(p_ids bigint[]) returns void
  language sql
  set search_path = ''
  as $$
  update webhooks.deliveries set leased_until = null, next_attempt_at = now()
  where id = any(p_ids) and status = 'pending';
$$;

/** Keeps holding deliveries still in flight. */
create function webhooks.renew(p_ids bigint[], p_lease_seconds double precision) returns void
  language sql
  set search_path = ''
  as $$
  update webhooks.deliveries
  set leased_until = now() + make_interval(secs => p_lease_seconds), next_attempt_at = now() + make_interval(secs => p_lease_seconds)
  where id = any(p_ids) and status = 'pending' and leased_until is not null;
$$;

/**
 * Every lease made due now: only for a sender that knows no other runs (the embedded database
 * admits one process), so the leases are a dead process's.
 */
create function webhooks.release_abandoned() returns integer
  language sql
  set search_path = ''
  as $$
  with released as (
    update webhooks.deliveries set leased_until = null, next_attempt_at = now()
    where status = 'pending' and leased_until is not null
    returning 1
  )
  select count(*)::integer from released;
$$;

/** Seconds until a delivery to an enabled endpoint is due (0: now), null when none is pending. */
create function webhooks.next_due_in() returns double precision
  language sql stable
  set search_path = ''
  as $$
  -- greatest() skips nulls: with nothing pending, min() is null and so must the answer be.
  select case when min(delivery.next_attempt_at) is not null
              then greatest(extract(epoch from min(delivery.next_attempt_at) - now()), 0)::double precision end
  from webhooks.deliveries as delivery
  join webhooks.endpoints as endpoint on endpoint.id = delivery.endpoint_id and endpoint.disabled_at is null
  where delivery.status = 'pending';
$$;

-- The operators' side, through the Launch tool (server/operator/): every change is audited.
alter table operator.audit drop constraint audit_action_known;
alter table operator.audit add constraint audit_action_known check (action in (
  'session.opened', 'waitlist.read', 'waitlist.exported', 'person.erased',
  'webhook.endpoint.created', 'webhook.endpoint.changed', 'webhook.endpoint.deleted', 'webhook.secret.rotated',
  'webhook.test.sent', 'webhook.delivery.resent'));

/** An endpoint as the tool shows it: never its secrets. */
create function webhooks.endpoint_json(endpoint webhooks.endpoints) returns jsonb
  language sql stable
  set search_path = ''
  return jsonb_build_object(
    'id', endpoint.id, 'url', endpoint.url, 'description', endpoint.description, 'events', to_jsonb(endpoint.events),
    'createdAt', endpoint.created_at, 'failingSince', endpoint.failing_since,
    'disabledAt', endpoint.disabled_at, 'disabledReason', endpoint.disabled_reason,
    'previousSecretUntil', case when endpoint.previous_secret_until > now() then endpoint.previous_secret_until end,
    'deliveries', (select jsonb_build_object(
        'pending', count(*) filter (where status = 'pending'),
        'delivered', count(*) filter (where status = 'delivered'),
        'failed', count(*) filter (where status = 'failed'))
      from webhooks.deliveries where endpoint_id = endpoint.id));

create function webhooks.list_endpoints() returns jsonb
  language sql stable security definer
  set search_path = ''
  return (select coalesce(jsonb_agg(webhooks.endpoint_json(endpoint) order by endpoint.created_at), '[]'::jsonb)
          from webhooks.endpoints as endpoint);

create function webhooks.create_endpoint(p_actor text, p_url text, p_description text, p_events text[], p_secret text)
  returns jsonb
  language plpgsql security definer
  set search_path = ''
  as $$
declare
  created webhooks.endpoints;
begin
  insert into webhooks.endpoints (url, description, events, secret)
  values (p_url, coalesce(p_description, ''), p_events, p_secret)
  returning * into created;
  insert into operator.audit (actor, action, detail)
  values (p_actor, 'webhook.endpoint.created', jsonb_build_object('endpoint', created.id, 'events', to_jsonb(p_events)));
  return webhooks.endpoint_json(created);
end;
$$;

/** Changes what an endpoint asks for, or turns it on (clearing a disablement) or off. Null: not found. */
create function webhooks.update_endpoint(p_actor text, p_id uuid, p_description text, p_events text[], p_enabled boolean)
  returns jsonb
  language plpgsql security definer
  set search_path = ''
  as $$
declare
  changed webhooks.endpoints;
begin
  update webhooks.endpoints
  set description = coalesce(p_description, description),
      events = coalesce(p_events, events),
      disabled_at = case when p_enabled is null then disabled_at when p_enabled then null else coalesce(disabled_at, now()) end,
      disabled_reason = case when p_enabled is null then disabled_reason when p_enabled then null
                             else coalesce(disabled_reason, 'Turned off in the Launch tool.') end,
      failing_since = case when p_enabled then null else failing_since end
  where id = p_id
  returning * into changed;
  if not found then
    return null;
  end if;
  insert into operator.audit (actor, action, detail)
  values (p_actor, 'webhook.endpoint.changed', jsonb_build_object('endpoint', p_id, 'enabled', changed.disabled_at is null));
  return webhooks.endpoint_json(changed);
end;
$$;

/** A new secret; the old one keeps signing for p_overlap_seconds, so receivers can switch without a gap. */
create function webhooks.rotate_secret(p_actor text, p_id uuid, p_secret text, p_overlap_seconds double precision)
  returns jsonb
  language plpgsql security definer
  set search_path = ''
  as $$
declare
  changed webhooks.endpoints;
begin
  update webhooks.endpoints
  set previous_secret = secret, previous_secret_until = now() + make_interval(secs => p_overlap_seconds), secret = p_secret
  where id = p_id
  returning * into changed;
  if not found then
    return null;
  end if;
  insert into operator.audit (actor, action, detail) values (p_actor, 'webhook.secret.rotated', jsonb_build_object('endpoint', p_id));
  return webhooks.endpoint_json(changed);
end;
$$;

create function webhooks.delete_endpoint(p_actor text, p_id uuid) returns boolean
  language plpgsql security definer
  set search_path = ''
  as $$
begin
  delete from webhooks.endpoints where id = p_id;
  if not found then
    return false;
  end if;
  delete from webhooks.events as event where not exists (select 1 from webhooks.deliveries where deliveries.event_id = event.id);
  insert into operator.audit (actor, action, detail) values (p_actor, 'webhook.endpoint.deleted', jsonb_build_object('endpoint', p_id));
  return true;
end;
$$;

/** The newest deliveries to an endpoint: what happened to each, never the body. */
create function webhooks.list_deliveries(p_endpoint uuid, p_limit integer) returns jsonb
  language sql stable security definer
  set search_path = ''
  return (
    select coalesce(jsonb_agg(jsonb_build_object(
             'id', delivery.id, 'eventId', delivery.event_id, 'type', event.type, 'status', delivery.status,
             'attempts', delivery.attempts, 'lastStatus', delivery.last_status, 'lastError', delivery.last_error,
             'lastAttemptAt', delivery.last_attempt_at, 'deliveredAt', delivery.delivered_at,
             'nextAttemptAt', case when delivery.status = 'pending' then delivery.next_attempt_at end,
             'createdAt', event.created_at, 'resendable', event.payload is not null)
           order by delivery.id desc), '[]'::jsonb)
    from (select * from webhooks.deliveries where endpoint_id = p_endpoint order by id desc
          limit least(greatest(coalesce(p_limit, 50), 1), 200)) as delivery
    join webhooks.events as event on event.id = delivery.event_id
  );

/** A webhook.test event to one endpoint, whatever it asked for. Null: no such endpoint. */
create function webhooks.send_test(p_actor text, p_endpoint uuid) returns text
  language plpgsql security definer
  set search_path = ''
  as $$
declare
  test_event text;
begin
  if not exists (select 1 from webhooks.endpoints where id = p_endpoint) then
    return null;
  end if;
  insert into webhooks.events (type, payload)
  values ('webhook.test', jsonb_build_object('type', 'webhook.test', 'timestamp', now(), 'version', 1,
          'data', jsonb_build_object('endpoint', p_endpoint)))
  returning id into test_event;
  insert into webhooks.deliveries (event_id, endpoint_id) values (test_event, p_endpoint);
  insert into operator.audit (actor, action, detail) values (p_actor, 'webhook.test.sent', jsonb_build_object('endpoint', p_endpoint));
  return test_event;
end;
$$;

/** Sends a delivery again from its first attempt (same webhook-id, same body); false when its body is gone. */
create function webhooks.resend(p_actor text, p_delivery bigint) returns boolean
  language plpgsql security definer
  set search_path = ''
  as $$
begin
  update webhooks.deliveries as delivery
  set status = 'pending', attempts = 0, next_attempt_at = now(), leased_until = null, delivered_at = null
  from webhooks.events as event
  where delivery.id = p_delivery and event.id = delivery.event_id and event.payload is not null and delivery.status <> 'pending';
  if not found then
    return false;
  end if;
  insert into operator.audit (actor, action, detail) values (p_actor, 'webhook.delivery.resent', jsonb_build_object('delivery', p_delivery));
  return true;
end;
$$;

-- The operator functions over PostgREST's /rpc for a hosted project (its Data API exposes public only).
create function public.webhooks_list_endpoints() returns jsonb
  language sql stable security definer set search_path = '' return webhooks.list_endpoints();
create function public.webhooks_create_endpoint(p_actor text, p_url text, p_description text, p_events text[], p_secret text)
  returns jsonb language sql security definer set search_path = ''
  return webhooks.create_endpoint(p_actor, p_url, p_description, p_events, p_secret);
create function public.webhooks_update_endpoint(p_actor text, p_id uuid, p_description text, p_events text[], p_enabled boolean)
  returns jsonb language sql security definer set search_path = ''
  return webhooks.update_endpoint(p_actor, p_id, p_description, p_events, p_enabled);
create function public.webhooks_rotate_secret(p_actor text, p_id uuid, p_secret text, p_overlap_seconds double precision)
  returns jsonb language sql security definer set search_path = ''
  return webhooks.rotate_secret(p_actor, p_id, p_secret, p_overlap_seconds);
create function public.webhooks_delete_endpoint(p_actor text, p_id uuid) returns boolean
  language sql security definer set search_path = '' return webhooks.delete_endpoint(p_actor, p_id);
create function public.webhooks_list_deliveries(p_endpoint uuid, p_limit integer) returns jsonb
  language sql stable security definer set search_path = '' return webhooks.list_deliveries(p_endpoint, p_limit);
create function public.webhooks_send_test(p_actor text, p_endpoint uuid) returns text
  language sql security definer set search_path = '' return webhooks.send_test(p_actor, p_endpoint);
create function public.webhooks_resend(p_actor text, p_delivery bigint) returns boolean
  language sql security definer set search_path = '' return webhooks.resend(p_actor, p_delivery);

-- Only service_role (the secret key) and the owner; Supabase's default privileges would grant the public roles every new function.
revoke all on all functions in schema webhooks from public, anon, authenticated;
revoke all on all tables in schema webhooks from public, anon, authenticated;
revoke all on function public.webhooks_list_endpoints() from public, anon, authenticated;
revoke all on function public.webhooks_create_endpoint(text, text, text, text[], text) from public, anon, authenticated;
revoke all on function public.webhooks_update_endpoint(text, uuid, text, text[], boolean) from public, anon, authenticated;
revoke all on function public.webhooks_rotate_secret(text, uuid, text, double precision) from public, anon, authenticated;
revoke all on function public.webhooks_delete_endpoint(text, uuid) from public, anon, authenticated;
revoke all on function public.webhooks_list_deliveries(uuid, integer) from public, anon, authenticated;
revoke all on function public.webhooks_send_test(text, uuid) from public, anon, authenticated;
revoke all on function public.webhooks_resend(text, bigint) from public, anon, authenticated;
grant usage on schema webhooks to service_role;
grant execute on all functions in schema webhooks to service_role;
grant execute on function public.webhooks_list_endpoints() to service_role;
grant execute on function public.webhooks_create_endpoint(text, text, text, text[], text) to service_role;
grant execute on function public.webhooks_update_endpoint(text, uuid, text, text[], boolean) to service_role;
grant execute on function public.webhooks_rotate_secret(text, uuid, text, double precision) to service_role;
grant execute on function public.webhooks_delete_endpoint(text, uuid) to service_role;
grant execute on function public.webhooks_list_deliveries(uuid, integer) to service_role;
grant execute on function public.webhooks_send_test(text, uuid) to service_role;
grant execute on function public.webhooks_resend(text, bigint) to service_role;

-- Invite waves (docs/decisions/0045-invite-waves.md): the team lets the next N confirmed people
-- into the trial from the Launch tool. A wave has the id the tool gave it, so sending it again
-- sends nothing twice; each person it takes gets an invitation email through the mail outbox
-- (public.welcome_emails, now with a kind) and a waitlist.invite.sent event, in the wave's own
-- transaction. A person is waiting (no invitation), invited, then activated: reported by the
-- product with the invitation's code, or marked by hand.

create schema invites;
revoke all on schema invites from public;

create table invites.waves (
  -- Made by the tool before it sends: the same id again is the same wave.
  id uuid primary key,
  requested integer not null constraint waves_requested_bounded check (requested between 1 and 1000),
  created_by text not null constraint waves_created_by_is_an_id check (created_by ~ '^[A-Za-z0-9_-]{1,64}$'),
  created_at timestamptz not null default now()
);
comment on table invites.waves is 'Each wave of invitations sent from the Launch tool, by whom and how many it asked for.';

create table invites.invitations (
  -- One invitation per person, ever: a second wave cannot take someone a first one took.
  waitlist_id uuid primary key references public.waitlist on delete cascade,
  wave_id uuid not null references invites.waves on delete cascade,
  -- Carried by the trial link (?invite=); the product reports activation with it. Random, never derived from the address.
  code text not null unique constraint invitations_code_shape check (code ~ '^[0-9a-f]{32}$'),
  invited_at timestamptz not null default now(),
  activated_at timestamptz,
  -- 'product' when the product reported it, else the Studio user who marked it.
  activated_by text constraint invitations_activated_by_is_an_id check (activated_by ~ '^[A-Za-z0-9_-]{1,64}$'),
  constraint invitations_activation_whole check ((activated_at is null) = (activated_by is null))
);
create index invitations_by_wave on invites.invitations (wave_id);
comment on table invites.invitations is 'Who was invited, in which wave, and whether they activated their trial.';

-- The mail outbox carries invitations beside welcomes: the same sender, leases, rate and retries.
alter table public.welcome_emails
  add column kind text not null default 'welcome' constraint welcome_emails_kind_known check (kind in ('welcome', 'invitation'));
alter table public.welcome_emails drop constraint welcome_emails_waitlist_id_key;
alter table public.welcome_emails add constraint welcome_emails_one_of_each_kind unique (waitlist_id, kind);
comment on table public.welcome_emails is
  'The mail outbox: each person''s welcome (the double opt-in confirmation) and, once a wave takes them, their invitation; pending rows are delivered by the welcome sender.';
comment on column public.welcome_emails.kind is 'welcome, or invitation (written by invites.send_wave).';

-- Only a welcome is the funnel's "welcome requested" step.
drop trigger welcome_counted_request on public.welcome_emails;
create trigger welcome_counted_request
  after insert on public.welcome_emails
  for each row when (new.kind = 'welcome')
  execute function analytics.count_signup_step('welcome');

/**
 * The claim of migration 20261123110000, with each message's kind and invitation code; welcomes
 * go before invitations, so a wave of a thousand never keeps a new sign-up waiting for its
 * confirmation link.
 */
create or replace function public.claim_due_welcomes(max_count integer, lease_seconds double precision, per_second double precision)
  returns jsonb
  language plpgsql
  set search_path = ''
  as $$
declare
  allowed integer := max_count;
  -- One second's worth of mail may go at once; below one a second, one at a time.
  capacity double precision := greatest(per_second, 1);
  allowance timestamptz;
  claimed jsonb;
  claimed_count integer;
begin
  if per_second is not null then
    select greatest(allowance_at, now()) into allowance from public.welcome_send_rate for update;
    allowed := greatest(least(max_count, floor(capacity - extract(epoch from allowance - now()) * per_second)::integer), 0);
  end if;

  with due as (
    select id from public.welcome_emails
    where status = 'pending' and next_attempt_at <= now()
    order by kind = 'invitation', attempts, next_attempt_at
    limit allowed
    for update skip locked
  ), leased as (
    update public.welcome_emails as welcome
    set leased_until = now() + make_interval(secs => lease_seconds),
        next_attempt_at = now() + make_interval(secs => lease_seconds)
    from due
    where welcome.id = due.id
    returning welcome.id, welcome.kind, welcome.waitlist_id as "waitlistId", welcome.email, welcome.name, welcome.locale,
              welcome.attempts,
              (select invitation.code from invites.invitations as invitation
               where welcome.kind = 'invitation' and invitation.waitlist_id = welcome.waitlist_id) as "inviteCode"
  )
  select coalesce(jsonb_agg(to_jsonb(leased) order by leased.kind = 'invitation', leased.attempts, leased.id), '[]'::jsonb), count(*)
  into claimed, claimed_count
  from leased;

  if per_second is not null then
    allowance := allowance + make_interval(secs => claimed_count / per_second);
    update public.welcome_send_rate set allowance_at = allowance;
  end if;

  return jsonb_build_object('welcomes', claimed, 'claim_again_in', case
    when claimed_count = max_count then 0
    -- The rate, not the outbox, ended this batch: come back when it allows one more.
    when claimed_count = allowed then greatest(extract(epoch from allowance - now()) - (capacity - 1) / per_second, 0)
    else null
  end);
end
$$;

/**
 * Who a wave takes next, in order: confirmed people not yet invited, oldest sign-up first. A
 * function of its own, so that a ranking (referrals) can replace the order without touching waves.
 */
create function invites.next_candidates(p_count integer) returns table (waitlist_id uuid)
  language sql stable
  set search_path = ''
  as $$
  select w.id from public.waitlist as w
  where w.confirmed_at is not null
    and not exists (select 1 from invites.invitations as invitation where invitation.waitlist_id = w.id)
  order by w.created_at, w.id
  limit p_count;
$$;

/** The name a person's welcome greeted; null for a place confirmed without one. */
create function invites.name_of(place public.waitlist) returns text
  language sql stable
  set search_path = ''
  return (select e.name from public.welcome_emails as e where e.waitlist_id = place.id and e.kind = 'welcome');

/** The language a person is written to: their welcome's, else the one they confirmed or signed up in. */
create function invites.locale_of(place public.waitlist) returns text
  language sql stable
  set search_path = ''
  return coalesce(
    (select e.locale from public.welcome_emails as e where e.waitlist_id = place.id and e.kind = 'welcome'),
    place.consent_locale, place.signup_locale, 'pt');

create function invites.check_count(p_count integer) returns void
  language plpgsql immutable
  set search_path = ''
  as $$
begin
  if p_count is null or p_count not between 1 and 1000 then
    raise exception 'a wave lets 1 to 1000 people in' using errcode = '22023';
  end if;
end;
$$;

/** The next p_count people a wave would take, and how many wait in all. Audited: it shows people. */
create function invites.preview(p_actor text, p_count integer) returns jsonb
  language plpgsql security definer
  set search_path = ''
  as $$
declare
  answer jsonb;
begin
  perform invites.check_count(p_count);
  select jsonb_build_object(
    'waiting', (select count(*) from public.waitlist as w
                where w.confirmed_at is not null
                  and not exists (select 1 from invites.invitations as i where i.waitlist_id = w.id)),
    'people', coalesce(jsonb_agg(jsonb_build_object(
        'id', w.id, 'email', w.email,
        'name', invites.name_of(w), 'role', w.role, 'locale', invites.locale_of(w), 'createdAt', w.created_at, 'confirmedAt', w.confirmed_at)
      order by w.created_at, w.id), '[]'::jsonb))
  into answer
  from invites.next_candidates(p_count) as next
  join public.waitlist as w on w.id = next.waitlist_id;

  insert into operator.audit (actor, action, detail)
  values (p_actor, 'invites.previewed', jsonb_build_object('count', p_count, 'shown', jsonb_array_length(answer -> 'people')));
  return answer;
end;
$$;

/** A wave as the tool lists it: counts only. */
create function invites.wave_json(wave invites.waves) returns jsonb
  language sql stable
  set search_path = ''
  return jsonb_build_object(
    'id', wave.id, 'requested', wave.requested, 'createdBy', wave.created_by, 'createdAt', wave.created_at,
    'invited', (select count(*) from invites.invitations as i where i.wave_id = wave.id),
    'activated', (select count(*) from invites.invitations as i where i.wave_id = wave.id and i.activated_at is not null),
    'mail', (select jsonb_build_object(
        'pending', count(*) filter (where e.status = 'pending'),
        'sent', count(*) filter (where e.status = 'sent'),
        'failed', count(*) filter (where e.status = 'failed'))
      from invites.invitations as i
      join public.welcome_emails as e on e.waitlist_id = i.waitlist_id and e.kind = 'invitation'
      where i.wave_id = wave.id));

/**
 * Sends the wave p_wave: the next p_count people are invited, each with an invitation email and a
 * waitlist.invite.sent event, all in this transaction (a crash leaves all of it or none). Waves
 * are taken one at a time, so two never pick the same people; a wave id sent before sends nothing
 * and answers what it did then, with `repeated`.
 */
create function invites.send_wave(p_actor text, p_wave uuid, p_count integer) returns jsonb
  language plpgsql security definer
  set search_path = ''
  as $$
declare
  wave invites.waves;
  invited integer;
begin
  perform invites.check_count(p_count);
  if p_wave is null then
    raise exception 'a wave needs its id' using errcode = '22023';
  end if;
  perform pg_advisory_xact_lock(hashtextextended('invites.send_wave', 0));
  select * into wave from invites.waves where id = p_wave;
  if found then
    return jsonb_build_object('wave', invites.wave_json(wave), 'repeated', true);
  end if;

  insert into invites.waves (id, requested, created_by) values (p_wave, p_count, p_actor) returning * into wave;
  insert into invites.invitations (waitlist_id, wave_id, code)
  select next.waitlist_id, p_wave, replace(gen_random_uuid()::text, '-', '')
  from invites.next_candidates(p_count) as next;
  get diagnostics invited = row_count;

  -- The name is the one the welcome greeted; a place confirmed without a welcome is greeted without one.
  insert into public.welcome_emails (waitlist_id, email, name, locale, kind)
  select w.id, w.email, coalesce(invites.name_of(w), '-'), invites.locale_of(w), 'invitation'
  from invites.invitations as i join public.waitlist as w on w.id = i.waitlist_id
  where i.wave_id = p_wave;

  perform webhooks.emit('waitlist.invite.sent', w.id, jsonb_build_object(
    'id', w.id, 'email', w.email, 'locale', invites.locale_of(w), 'waveId', p_wave, 'invitedAt', i.invited_at))
  from invites.invitations as i join public.waitlist as w on w.id = i.waitlist_id
  where i.wave_id = p_wave
  order by w.created_at, w.id;

  insert into operator.audit (actor, action, detail)
  values (p_actor, 'invites.wave.sent', jsonb_build_object('wave', p_wave, 'requested', p_count, 'invited', invited));
  return jsonb_build_object('wave', invites.wave_json(wave), 'repeated', false);
end;
$$;

create function invites.list_waves() returns jsonb
  language sql stable security definer
  set search_path = ''
  return (select coalesce(jsonb_agg(invites.wave_json(wave) order by wave.created_at desc, wave.id), '[]'::jsonb)
          from (select * from invites.waves order by created_at desc, id limit 200) as wave);

/** The people of one wave, with where each stands; null for no such wave. Audited: it shows people. */
create function invites.wave_people(p_actor text, p_wave uuid) returns jsonb
  language plpgsql security definer
  set search_path = ''
  as $$
declare
  answer jsonb;
begin
  if not exists (select 1 from invites.waves where id = p_wave) then
    return null;
  end if;
  select coalesce(jsonb_agg(jsonb_build_object(
      'id', w.id, 'email', w.email, 'name', invites.name_of(w),
      'invitedAt', i.invited_at, 'activatedAt', i.activated_at, 'activatedBy', i.activated_by,
      'mailStatus', (select e.status from public.welcome_emails as e where e.waitlist_id = w.id and e.kind = 'invitation'))
    order by w.created_at, w.id), '[]'::jsonb)
  into answer
  from invites.invitations as i join public.waitlist as w on w.id = i.waitlist_id
  where i.wave_id = p_wave;

  insert into operator.audit (actor, action, detail)
  values (p_actor, 'invites.wave.read', jsonb_build_object('wave', p_wave, 'rows', jsonb_array_length(answer)));
  return answer;
end;
$$;

/** Marks an invited person activated by p_actor; one activated before keeps its first record. False when never invited. */
create function invites.mark_activated(p_actor text, p_waitlist_id uuid) returns boolean
  language plpgsql security definer
  set search_path = ''
  as $$
begin
  if not exists (select 1 from invites.invitations where waitlist_id = p_waitlist_id) then
    return false;
  end if;
  update invites.invitations set activated_at = now(), activated_by = p_actor
  where waitlist_id = p_waitlist_id and activated_at is null;
  insert into operator.audit (actor, action, detail)
  values (p_actor, 'invite.activated', jsonb_build_object('person', p_waitlist_id));
  return true;
end;
$$;

/** The product's report that the person with invitation p_code started their trial: 'activated', 'already', or null. */
create function invites.activate(p_code text) returns text
  language plpgsql security definer
  set search_path = ''
  as $$
declare
  person uuid;
begin
  select waitlist_id into person from invites.invitations where code = p_code;
  if not found then
    return null;
  end if;
  update invites.invitations set activated_at = now(), activated_by = 'product'
  where waitlist_id = person and activated_at is null;
  if not found then
    return 'already';
  end if;
  insert into operator.audit (actor, action, detail) values ('product', 'invite.activated', jsonb_build_object('person', person));
  return 'activated';
end;
$$;

alter table operator.audit drop constraint audit_action_known;
alter table operator.audit add constraint audit_action_known check (action in (
  'session.opened', 'waitlist.read', 'waitlist.exported', 'person.erased',
  'webhook.endpoint.created', 'webhook.endpoint.changed', 'webhook.endpoint.deleted', 'webhook.secret.rotated',
  'webhook.test.sent', 'webhook.delivery.resent',
  'invites.previewed', 'invites.wave.sent', 'invites.wave.read', 'invite.activated'));

-- The operators' views read the welcome alone, and say where each person stands with the waves.
create or replace function operator.place_json(place public.waitlist) returns jsonb
  language sql stable
  set search_path = ''
  return (
    select jsonb_build_object(
      'id', place.id,
      'email', place.email,
      'name', welcome.name,
      'role', place.role,
      'company_size', place.company_size,
      'created_at', place.created_at,
      'confirmed_at', place.confirmed_at,
      'consent_locale', place.consent_locale,
      'consent_version', place.consent_version,
      'welcome_status', welcome.status,
      'welcomed_at', welcome.sent_at,
      'source', case when place.signup_locale is null then '(unknown)'
                     else analytics.source_of(place.utm_source, place.ref, place.referrer_host) end,
      'campaign', place.utm_campaign,
      'invited_at', invitation.invited_at,
      'activated_at', invitation.activated_at
    )
    from (select null) one
    left join public.welcome_emails as welcome on welcome.waitlist_id = place.id and welcome.kind = 'welcome'
    left join invites.invitations as invitation on invitation.waitlist_id = place.id
  );

create or replace function operator.waitlist_export(p_actor text)
  returns table (
    email text, role text, company_size text, created_at timestamptz, confirmed text, confirmed_at timestamptz,
    consent_locale text, consent_version text, locale text, welcome_status text, welcomed_at timestamptz
  )
  language plpgsql security definer
  set search_path = ''
  as $$
declare
  exported bigint;
begin
  return query
    select w.email, w.role, w.company_size, w.created_at,
           case when w.confirmed_at is null then 'no' else 'yes' end,
           w.confirmed_at, w.consent_locale, w.consent_version,
           e.locale, e.status, e.sent_at
    from public.waitlist w left join public.welcome_emails e on e.waitlist_id = w.id and e.kind = 'welcome'
    order by w.created_at, w.email;
  get diagnostics exported = row_count;
  insert into operator.audit (actor, action, detail) values (p_actor, 'waitlist.exported', jsonb_build_object('rows', exported));
end;
$$;

-- The operator functions over PostgREST's /rpc for a hosted project (its Data API exposes public only).
create function public.invites_preview(p_actor text, p_count integer) returns jsonb
  language sql security definer set search_path = '' return invites.preview(p_actor, p_count);
create function public.invites_send_wave(p_actor text, p_wave uuid, p_count integer) returns jsonb
  language sql security definer set search_path = '' return invites.send_wave(p_actor, p_wave, p_count);
create function public.invites_list_waves() returns jsonb
  language sql stable security definer set search_path = '' return invites.list_waves();
create function public.invites_wave_people(p_actor text, p_wave uuid) returns jsonb
  language sql security definer set search_path = '' return invites.wave_people(p_actor, p_wave);
create function public.invites_mark_activated(p_actor text, p_waitlist_id uuid) returns boolean
  language sql security definer set search_path = '' return invites.mark_activated(p_actor, p_waitlist_id);
create function public.invites_activate(p_code text) returns text
  language sql security definer set search_path = '' return invites.activate(p_code);

-- Only service_role (the secret key) and the owner; Supabase's default privileges would grant the public roles every new function.
revoke all on all functions in schema invites from public, anon, authenticated;
revoke all on all tables in schema invites from public, anon, authenticated;
revoke all on function public.invites_preview(text, integer) from public, anon, authenticated;
revoke all on function public.invites_send_wave(text, uuid, integer) from public, anon, authenticated;
revoke all on function public.invites_list_waves() from public, anon, authenticated;
revoke all on function public.invites_wave_people(text, uuid) from public, anon, authenticated;
revoke all on function public.invites_mark_activated(text, uuid) from public, anon, authenticated;
revoke all on function public.invites_activate(text) from public, anon, authenticated;
grant usage on schema invites to service_role;
grant execute on all functions in schema invites to service_role;
grant execute on function public.invites_preview(text, integer) to service_role;
grant execute on function public.invites_send_wave(text, uuid, integer) to service_role;
grant execute on function public.invites_list_waves() to service_role;
grant execute on function public.invites_wave_people(text, uuid) to service_role;
grant execute on function public.invites_mark_activated(text, uuid) to service_role;
grant execute on function public.invites_activate(text) to service_role;

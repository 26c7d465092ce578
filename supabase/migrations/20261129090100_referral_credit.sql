-- Referral credit (docs/decisions/0048-referrals.md): decided when the referred person confirms,
-- in the transaction of the confirmation; revoked when their mail is given up on; held ones
-- accepted or rejected from the Launch tool. A confirmed person gets an email with their place and
-- personal link (a `standing` message of the mail outbox), and again whenever a referral of theirs
-- is credited, at most once per email gap.

/** Adds values to a CHECK of the form `column = any (array[…])`, keeping those another migration added. */
create function pg_temp.allow_values(p_table regclass, p_constraint text, p_column text, p_values text[]) returns void
  language plpgsql
  as $$
declare
  allowed text[];
begin
  select array_agg(distinct quoted.value[1]) into allowed
  from pg_constraint as c, regexp_matches(pg_get_constraintdef(c.oid), '''([^'']+)''', 'g') as quoted(value)
  where c.conrelid = p_table and c.conname = p_constraint;
  execute format('alter table %s drop constraint %I', p_table, p_constraint);
  execute format('alter table %s add constraint %I check (%I = any (array[%s]))', p_table, p_constraint, p_column,
    (select string_agg(quote_literal(v), ', ' order by v) from unnest(allowed || p_values) as v));
end;
$$;

select pg_temp.allow_values('public.welcome_emails', 'welcome_emails_kind_known', 'kind', array['standing']);
select pg_temp.allow_values('operator.audit', 'audit_action_known', 'action',
  array['referrals.held.read', 'referral.accepted', 'referral.rejected']);
comment on column public.welcome_emails.kind is
  'welcome, invitation (written by invites.send_wave), or standing: a confirmed person''s place in line and personal link (referrals.queue_standing).';

/**
 * Queues a person's place email, when they wait in line: a new one, or the one sent before made
 * due again (no sooner than the email gap after it went). One still pending will say the newest
 * place when it goes; one being sent right now goes again once it is out. A mailbox that refused
 * one for good gets no more.
 */
create function referrals.queue_standing(p_waitlist_id uuid) returns void
  language plpgsql security definer
  set search_path = ''
  as $$
declare
  gap interval := (select email_gap from referrals.settings);
begin
  insert into public.welcome_emails (waitlist_id, email, name, locale, kind)
  select w.id, w.email, coalesce(invites.name_of(w), '-'), invites.locale_of(w), 'standing'
  from public.waitlist as w join referrals.people as p on p.waitlist_id = w.id
  where w.id = p_waitlist_id and p.waiting
  on conflict (waitlist_id, kind) do update
    set status = 'pending', attempts = 0, last_error = null, failed_at = null, leased_until = null, created_at = now(),
        next_attempt_at = greatest(now(), public.welcome_emails.sent_at + gap)
    where public.welcome_emails.status = 'sent';
  update referrals.people set standing_again = true
  where waitlist_id = p_waitlist_id and exists (
    select from public.welcome_emails as e
    where e.waitlist_id = p_waitlist_id and e.kind = 'standing' and e.status = 'pending' and e.leased_until is not null);
end;
$$;

/** A place email sent while the place changed stays due: it goes again after the email gap. */
create function referrals.standing_sent() returns trigger
  language plpgsql security definer
  set search_path = ''
  as $$
begin
  update referrals.people set standing_again = false where waitlist_id = new.waitlist_id and standing_again;
  if found then
    new.status := 'pending';
    new.attempts := 0;
    new.created_at := now();
    new.next_attempt_at := now() + (select email_gap from referrals.settings);
  end if;
  return new;
end;
$$;
create trigger standing_sent_again before update of status on public.welcome_emails
  for each row when (new.kind = 'standing' and old.status = 'pending' and new.status = 'sent')
  execute function referrals.standing_sent();

/**
 * Decides a pending referral once its person confirmed: refused for a disposable domain (judged by
 * the caller, with the maintained list); held when the two were seen on one network within 24
 * hours, or when the referrer has had credits_per_hour credits in the last hour; else credited,
 * and the referrer's place email is queued. Referrals of one referrer are decided one at a time.
 */
create function referrals.decide(p_referred uuid, p_disposable boolean) returns void
  language plpgsql security definer
  set search_path = ''
  as $$
declare
  referral referrals.referrals;
  held_for text;
begin
  select * into referral from referrals.referrals where referred_id = p_referred and status = 'pending';
  if not found then
    return;
  end if;
  perform pg_advisory_xact_lock(hashtextextended('referrals:' || referral.referrer_id::text, 0));
  if p_disposable then
    update referrals.referrals set status = 'refused', reason = 'disposable_domain', decided_at = now() where referred_id = p_referred;
    return;
  end if;
  held_for := coalesce(referral.network_match, referrals.network_match(p_referred, referral.referrer_id));
  if held_for is null and (
    select count(*) from referrals.referrals
    where referrer_id = referral.referrer_id and status = 'credited' and decided_at > now() - interval '1 hour'
  ) >= (select credits_per_hour from referrals.settings) then
    held_for := 'hourly_limit';
  end if;
  if held_for is not null then
    update referrals.referrals set status = 'held', reason = held_for, decided_at = now() where referred_id = p_referred;
    return;
  end if;
  update referrals.referrals set status = 'credited', decided_at = now() where referred_id = p_referred;
  perform referrals.queue_standing(referral.referrer_id);
end;
$$;

/**
 * Confirms a place (docs/product.md §4.5: when, the welcome's language and the consent text's
 * version) and, in the same transaction, keeps the masked name the leaderboard may show, queues
 * the person's place email and decides their referral, if they were one. False when the place
 * was confirmed before or does not exist. `p_disposable` and `p_masked_name` come from the shared
 * TypeScript that confirms (supabase/functions/_shared/referrals/referral-facts.ts).
 */
create function referrals.confirm_place(p_waitlist_id uuid, p_disposable boolean, p_masked_name text) returns boolean
  language plpgsql security definer
  set search_path = ''
  as $$
begin
  update public.waitlist as w
  set confirmed_at = now(), consent_locale = e.locale, consent_version = e.consent_version
  from (select p_waitlist_id as id) as target
  left join public.welcome_emails as e on e.waitlist_id = target.id and e.kind = 'welcome'
  where w.id = target.id and w.confirmed_at is null;
  if not found then
    return false;
  end if;
  update referrals.people set masked_name = p_masked_name where waitlist_id = p_waitlist_id;
  perform referrals.queue_standing(p_waitlist_id);
  perform referrals.decide(p_waitlist_id, p_disposable);
  return true;
end;
$$;

/** A referred person whose mail is given up on (refused for good, or past its last try) is no referral: revoked. */
create function referrals.mail_given_up() returns trigger
  language plpgsql security definer
  set search_path = ''
  as $$
begin
  update referrals.referrals set status = 'revoked', reason = 'mail_given_up', decided_at = now()
  where referred_id = new.waitlist_id and status in ('pending', 'held', 'credited');
  return null;
end;
$$;
create trigger referral_mail_given_up after update of status on public.welcome_emails
  for each row when (new.status = 'failed' and old.status is distinct from 'failed')
  execute function referrals.mail_given_up();

/**
 * The mail claim of migration 20261127090000 with each place email's standing (computed as it is
 * claimed, so the email says what the status page says then); welcomes go before everything else.
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
    order by kind <> 'welcome', attempts, next_attempt_at
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
               where welcome.kind = 'invitation' and invitation.waitlist_id = welcome.waitlist_id) as "inviteCode",
              case when welcome.kind = 'standing' then referrals.standing(welcome.waitlist_id) end as standing,
              -- A place email is queued again as the place changes: each is a message of its own (its Message-ID says when).
              floor(extract(epoch from welcome.created_at) * 1000)::bigint as "queuedAt"
  )
  select coalesce(jsonb_agg(to_jsonb(leased) order by leased.kind <> 'welcome', leased.attempts, leased.id), '[]'::jsonb), count(*)
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

/** The next p_count people a wave would take, in the line's order, and how many wait in all. Audited: it shows people. */
create or replace function invites.preview(p_actor text, p_count integer) returns jsonb
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
      order by next.position), '[]'::jsonb))
  into answer
  from invites.next_candidates(p_count) with ordinality as next(waitlist_id, position)
  join public.waitlist as w on w.id = next.waitlist_id;

  insert into operator.audit (actor, action, detail)
  values (p_actor, 'invites.previewed', jsonb_build_object('count', p_count, 'shown', jsonb_array_length(answer -> 'people')));
  return answer;
end;
$$;

/**
 * The Launch tool's Referrals tab: how many referrals stand in each state (counts only), and the
 * held ones with who they are and why, oldest first. Audited: it shows people.
 */
create function referrals.held(p_actor text) returns jsonb
  language plpgsql security definer
  set search_path = ''
  as $$
declare
  answer jsonb;
begin
  select jsonb_build_object(
    'counts', (select jsonb_build_object(
        'pending', count(*) filter (where status = 'pending'),
        'credited', count(*) filter (where status = 'credited'),
        'held', count(*) filter (where status = 'held'),
        'refused', count(*) filter (where status = 'refused'),
        'rejected', count(*) filter (where status = 'rejected'),
        'revoked', count(*) filter (where status = 'revoked'))
      from referrals.referrals),
    'placesPerReferral', (select places_per_referral from referrals.settings),
    'creditsPerHour', (select credits_per_hour from referrals.settings),
    'held', coalesce(jsonb_agg(jsonb_build_object(
        'id', held.referred_id, 'email', referred.email,
        'referrer', jsonb_build_object('id', referrer.id, 'email', referrer.email),
        'reason', held.reason, 'signedUpAt', held.created_at, 'heldAt', held.decided_at)
      order by held.decided_at, held.referred_id), '[]'::jsonb))
  into answer
  from (select * from referrals.referrals where status = 'held' order by decided_at, referred_id limit 200) as held
  join public.waitlist as referred on referred.id = held.referred_id
  join public.waitlist as referrer on referrer.id = held.referrer_id;

  insert into operator.audit (actor, action, detail)
  values (p_actor, 'referrals.held.read', jsonb_build_object('rows', jsonb_array_length(answer -> 'held')));
  return answer;
end;
$$;

/** An operator's decision on a held referral: accepted (credited now) or rejected. False when it is not held. Audited. */
create function referrals.decide_held(p_actor text, p_referred uuid, p_accept boolean) returns boolean
  language plpgsql security definer
  set search_path = ''
  as $$
declare
  referrer uuid;
begin
  update referrals.referrals
  set status = case when p_accept then 'credited' else 'rejected' end, decided_at = now(), decided_by = p_actor
  where referred_id = p_referred and status = 'held'
  returning referrer_id into referrer;
  if not found then
    return false;
  end if;
  if p_accept then
    perform referrals.queue_standing(referrer);
  end if;
  insert into operator.audit (actor, action, detail)
  values (p_actor, case when p_accept then 'referral.accepted' else 'referral.rejected' end, jsonb_build_object('referral', p_referred));
  return true;
end;
$$;

-- Over PostgREST's /rpc for a hosted project (its Data API exposes public only).
create function public.referrals_held(p_actor text) returns jsonb
  language sql security definer set search_path = '' return referrals.held(p_actor);
create function public.referrals_decide_held(p_actor text, p_referred uuid, p_accept boolean) returns boolean
  language sql security definer set search_path = '' return referrals.decide_held(p_actor, p_referred, p_accept);

-- Only service_role (the secret key) and the owner; Supabase's default privileges would grant the public roles every new function.
revoke all on all functions in schema referrals from public, anon, authenticated;
revoke all on function public.referrals_held(text) from public, anon, authenticated;
revoke all on function public.referrals_decide_held(text, uuid, boolean) from public, anon, authenticated;
grant execute on all functions in schema referrals to service_role;
grant execute on function public.referrals_held(text) to service_role;
grant execute on function public.referrals_decide_held(text, uuid, boolean) to service_role;

-- Updates to the waitlist (docs/decisions/0070-updates.md): an email the team writes in the Studio,
-- sent to the confirmed people a filter picks. Send freezes the recipients in one transaction under
-- the id the Launch tool gave when it showed the count, as a wave does (a second click, a retry or a
-- crash sends nothing twice): each becomes a message of the mail outbox (kind 'update'), claimed
-- behind every welcome, invitation and place email, at the team's UPDATE_RATE over a sliding
-- second. A permanent refusal marks the mailbox undeliverable, kept as the removal memory's keyed
-- hash: no mail of any kind goes to it again.

/** Adds values to a CHECK of the form `column = any (array[…])` (as in 20261203090200: a temporary function lives one session). */
create or replace function pg_temp.allow_values(p_table regclass, p_constraint text, p_column text, p_values text[]) returns void
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

create schema updates;
revoke all on schema updates from public;

create table updates.updates (
  -- Made by the tool when it shows the count: the same id again is the same update.
  id uuid primary key,
  -- The Studio's Update document the messages are written from (read when each is composed).
  document_id text not null constraint updates_document_id_shape check (document_id ~ '^[A-Za-z0-9._-]{1,128}$'),
  -- Who it went to, as the tool chose it (updates.check_filter): kept to show, never re-applied.
  filter jsonb not null,
  created_by text not null constraint updates_created_by_is_an_id check (created_by ~ '^[A-Za-z0-9_-]{1,64}$'),
  created_at timestamptz not null default now(),
  -- Nothing goes before this time (the send time the team scheduled; the freeze time otherwise).
  send_at timestamptz not null default now(),
  -- Set while the team holds it: nothing of it is claimed.
  paused_at timestamptz,
  -- Counted as the outcomes are recorded: the people frozen may leave the list, their counts stay.
  recipients integer not null,
  sent integer not null default 0,
  failed integer not null default 0,
  bounced integer not null default 0,
  -- People who left the list after this update was the last mail they were sent.
  removed integer not null default 0,
  -- When its last message was recorded (and waitlist.update.sent was emitted).
  completed_at timestamptz
);
comment on table updates.updates is 'Each update sent from the Launch tool: which document, to whom, by whom, and how it went (counts only).';

-- The outbox carries each recipient's message; one per person per update, whatever happens.
alter table public.welcome_emails add column update_id uuid references updates.updates on delete cascade;
alter table public.welcome_emails add constraint welcome_emails_update_of_its_kind check ((kind = 'update') = (update_id is not null));
select pg_temp.allow_values('public.welcome_emails', 'welcome_emails_kind_known', 'kind', array['update']);
-- A person still gets one welcome, one invitation, one place email (their update_id is null, and
-- equal here); and one message per update. Its index still finds a person's welcome by (waitlist_id, kind).
alter table public.welcome_emails drop constraint welcome_emails_one_of_each_kind;
alter table public.welcome_emails add constraint welcome_emails_one_of_each_kind unique nulls not distinct (waitlist_id, kind, update_id);
-- The claim reads the few pending welcomes apart from an update's hundred thousand, and each by its own index.
drop index public.welcome_emails_due;
create index welcome_emails_due on public.welcome_emails (attempts, next_attempt_at) where status = 'pending' and update_id is null;
create index welcome_emails_update_due on public.welcome_emails (next_attempt_at, id) where status = 'pending' and update_id is not null;
create index welcome_emails_update_pending on public.welcome_emails (update_id) where status = 'pending' and update_id is not null;
comment on column public.welcome_emails.kind is
  'welcome, invitation (written by invites.send_wave), standing: a confirmed person''s place in line and personal link (referrals.queue_standing), or update (updates.send, with update_id).';
comment on column public.welcome_emails.update_id is 'The update an update message belongs to; null for every other kind.';

/** migration 20261129090100's queue_standing, naming the arbiter its conflict now has (one place email per person: no update). */
create or replace function referrals.queue_standing(p_waitlist_id uuid) returns void
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
  on conflict (waitlist_id, kind, update_id) do update
    set status = 'pending', attempts = 0, last_error = null, failed_at = null, leased_until = null, created_at = now(),
        next_attempt_at = greatest(now(), public.welcome_emails.sent_at + gap)
    where public.welcome_emails.status = 'sent';
  update referrals.people set standing_again = true
  where waitlist_id = p_waitlist_id and exists (
    select from public.welcome_emails as e
    where e.waitlist_id = p_waitlist_id and e.kind = 'standing' and e.status = 'pending' and e.leased_until is not null);
end;
$$;

-- A referral is revoked when the referred person's own mail is given up on, not a later update's.
drop trigger referral_mail_given_up on public.welcome_emails;
create trigger referral_mail_given_up after update of status on public.welcome_emails
  for each row when (new.status = 'failed' and old.status is distinct from 'failed' and new.kind <> 'update')
  execute function referrals.mail_given_up();

-- Mailboxes that refused mail for good (a 5xx, an address the provider cannot take): never mailed
-- again, whatever the kind. Kept as the removal memory's keyed hash (guard.mailbox_hash), not the address.
create table guard.undeliverable_mailboxes (
  mailbox_hash bytea primary key,
  marked_at timestamptz not null default now(),
  reason text not null constraint undeliverable_reason_bounded check (char_length(reason) <= 1000)
);
alter table guard.undeliverable_mailboxes enable row level security;
revoke all on table guard.undeliverable_mailboxes from public, anon, authenticated;
comment on table guard.undeliverable_mailboxes is 'Mailboxes that refused mail for good, as keyed hashes: no message of any kind is sent to them again.';

/** True when the address's inbox refused mail for good. */
create function guard.undeliverable(address text) returns boolean
  language sql stable security definer
  set search_path = ''
  return exists (select from guard.undeliverable_mailboxes where mailbox_hash = guard.mailbox_hash(address));

/** Mail queued to an inbox that refused mail for good is given up on as it is queued. */
create function guard.mail_to_undeliverable() returns trigger
  language plpgsql security definer
  set search_path = ''
  as $$
begin
  if new.status = 'pending' and exists (select from guard.undeliverable_mailboxes) and guard.undeliverable(new.email) then
    new.status := 'failed';
    new.failed_at := now();
    new.last_error := 'The address refused mail for good before; nothing more is sent to it.';
  end if;
  return new;
end;
$$;
-- An update's recipients are chosen without them (updates.send): the check is for the other kinds.
create trigger welcome_emails_undeliverable before insert or update of status on public.welcome_emails
  for each row when (new.kind <> 'update' and new.status = 'pending')
  execute function guard.mail_to_undeliverable();

-- The webhook event an update emits when its last message is recorded.
alter table webhooks.endpoints drop constraint endpoints_events_known;
alter table webhooks.endpoints add constraint endpoints_events_known check (
  cardinality(events) between 1 and 5
  and events <@ array['waitlist.signup.created', 'waitlist.signup.confirmed', 'waitlist.signup.removed', 'waitlist.invite.sent',
                      'waitlist.update.sent']);
alter table webhooks.events drop constraint events_type_known;
alter table webhooks.events add constraint events_type_known check (
  type in ('waitlist.signup.created', 'waitlist.signup.confirmed', 'waitlist.signup.removed', 'waitlist.invite.sent',
           'waitlist.update.sent', 'webhook.test'));

select pg_temp.allow_values('operator.audit', 'audit_action_known', 'action',
  array['updates.counted', 'updates.previewed', 'updates.test.sent', 'update.sent', 'update.paused', 'update.resumed']);

/** The source a place is reported under (as operator.place_json says it). */
create function updates.source_of(place public.waitlist) returns text
  language sql stable
  set search_path = ''
  return case when place.signup_locale is null then '(unknown)'
              else analytics.source_of(place.utm_source, place.ref, place.referrer_host) end;

/**
 * Checks the tool's filter: an object whose keys narrow the recipients (each a list of 1 to 50
 * values, any of which matches; a key left out narrows nothing). `pages` (the page signed up on)
 * is refused until the waitlist records the page.
 */
create function updates.check_filter(p_filter jsonb) returns void
  language plpgsql immutable
  set search_path = ''
  as $$
declare
  key text;
  value jsonb;
begin
  if p_filter is null or jsonb_typeof(p_filter) <> 'object' then
    raise exception 'a filter is an object' using errcode = '22023';
  end if;
  for key, value in select * from jsonb_each(p_filter) loop
    if key not in ('locales', 'states', 'sources', 'campaigns') then
      raise exception 'no filter %', key using errcode = '22023';
    end if;
    if jsonb_typeof(value) <> 'array' or jsonb_array_length(value) not between 1 and 50
       or exists (select from jsonb_array_elements(value) as item where jsonb_typeof(item) <> 'string') then
      raise exception 'the filter % is a list of 1 to 50 texts', key using errcode = '22023';
    end if;
  end loop;
  if exists (select from jsonb_array_elements_text(p_filter -> 'locales') as v where v not in ('pt', 'en'))
     or exists (select from jsonb_array_elements_text(p_filter -> 'states') as v where v not in ('waiting', 'invited', 'activated')) then
    raise exception 'a language is pt or en, a state waiting, invited or activated' using errcode = '22023';
  end if;
end;
$$;

/**
 * The people an update with p_filter goes to: confirmed (double opt-in is the consent), in the
 * filter (a key left out narrows nothing), their inbox never refused mail for good. Removed and
 * erased people have no place. One pass of joins (the name and language as invites.name_of and
 * invites.locale_of say them), in PL/pgSQL so that it is planned once, and with no helper called
 * per person unless its key is in the filter (decision 0054): 100,000 people are frozen in seconds.
 */
create function updates.audience(p_filter jsonb) returns table (waitlist_id uuid, email text, name text, locale text)
  language plpgsql stable
  set search_path = ''
  as $$
begin
  return query
  with refused as materialized (select mailbox_hash from guard.undeliverable_mailboxes),
  secret as materialized (select convert_to(s.value || ':', 'UTF8') as key from private.secrets as s where s.name = 'mailbox_hash_key'),
  person as (
    select w, coalesce(welcome.name, '-') as name,
           coalesce(welcome.locale, w.consent_locale, w.signup_locale, 'pt') as locale,
           case when i.waitlist_id is null then 'waiting' when i.activated_at is null then 'invited' else 'activated' end as state
    from public.waitlist as w
    left join public.welcome_emails as welcome on welcome.waitlist_id = w.id and welcome.kind = 'welcome' and welcome.update_id is null
    left join invites.invitations as i on i.waitlist_id = w.id
    where w.confirmed_at is not null
  )
  select (p.w).id, (p.w).email, p.name, p.locale
  from person as p
  where (not (p_filter ? 'locales') or (p_filter -> 'locales') ? p.locale)
    and (not (p_filter ? 'states') or (p_filter -> 'states') ? p.state)
    -- updates.source_of, written out: a call per person would cost more than the freeze.
    and (not (p_filter ? 'sources') or (p_filter -> 'sources') ? case when (p.w).signup_locale is null then '(unknown)'
           else coalesce((p.w).utm_source, (p.w).ref, (p.w).referrer_host, '(direct)') end)
    and (not (p_filter ? 'campaigns') or (p_filter -> 'campaigns') ? coalesce((p.w).utm_campaign, ''))
    -- guard.mailbox_hash, with its key read once rather than per person.
    and (not exists (select from refused)
         or sha256((select key from secret) || convert_to(guard.mailbox_key((p.w).email), 'UTF8')) not in (select mailbox_hash from refused));
end;
$$;

/** How many people an update with p_filter would go to now, in each language. Counts only. */
create function updates.count(p_actor text, p_filter jsonb) returns jsonb
  language plpgsql security definer
  set search_path = ''
  as $$
declare
  answer jsonb;
begin
  perform updates.check_filter(p_filter);
  select jsonb_build_object('total', count(*), 'pt', count(*) filter (where locale = 'pt'), 'en', count(*) filter (where locale = 'en'))
  into answer from updates.audience(p_filter);
  insert into operator.audit (actor, action, detail) values (p_actor, 'updates.counted', jsonb_build_object('filter', p_filter, 'total', answer -> 'total'));
  return answer;
end;
$$;

/** An update as the tool lists it: counts only, with what is still queued and deferred. */
create function updates.update_json(u updates.updates) returns jsonb
  language sql stable
  set search_path = ''
  return jsonb_build_object(
    'id', u.id, 'documentId', u.document_id, 'filter', u.filter, 'createdBy', u.created_by, 'createdAt', u.created_at,
    'sendAt', u.send_at, 'pausedAt', u.paused_at, 'completedAt', u.completed_at,
    'state', case when u.completed_at is not null then 'sent' when u.paused_at is not null then 'paused'
                  when u.send_at > now() then 'scheduled' else 'sending' end,
    'recipients', u.recipients, 'sent', u.sent, 'failed', u.failed, 'bounced', u.bounced, 'removed', u.removed,
    'queued', (select count(*) from public.welcome_emails as e where e.update_id = u.id and e.status = 'pending'),
    'deferred', (select count(*) from public.welcome_emails as e where e.update_id = u.id and e.status = 'pending' and e.attempts > 0));

/**
 * Sends the update p_update of document p_document to the people p_filter picks, from p_send_at
 * (null: now): each gets one message of the outbox, frozen in this transaction. An update id sent
 * before sends nothing and answers what it did then, with `repeated`.
 */
create function updates.send(p_actor text, p_update uuid, p_document text, p_filter jsonb, p_send_at timestamptz)
  returns jsonb
  language plpgsql security definer
  set search_path = ''
  as $$
declare
  u updates.updates;
  frozen integer;
begin
  if p_update is null then
    raise exception 'an update needs its id' using errcode = '22023';
  end if;
  perform updates.check_filter(p_filter);
  perform pg_advisory_xact_lock(hashtextextended('updates.send:' || p_update, 0));
  select * into u from updates.updates where id = p_update;
  if found then
    return jsonb_build_object('update', updates.update_json(u), 'repeated', true);
  end if;

  insert into updates.updates (id, document_id, filter, created_by, send_at, recipients)
  values (p_update, p_document, p_filter, p_actor, greatest(coalesce(p_send_at, now()), now()), 0) returning * into u;
  insert into public.welcome_emails (waitlist_id, email, name, locale, kind, update_id, next_attempt_at)
  select a.waitlist_id, a.email, a.name, a.locale, 'update', p_update, u.send_at
  from updates.audience(p_filter) as a;
  get diagnostics frozen = row_count;
  update updates.updates set recipients = frozen, completed_at = case when frozen = 0 then now() end
  where id = p_update returning * into u;

  insert into operator.audit (actor, action, detail)
  values (p_actor, 'update.sent', jsonb_build_object('update', p_update, 'document', p_document, 'recipients', frozen, 'sendAt', u.send_at));
  return jsonb_build_object('update', updates.update_json(u), 'repeated', false);
end;
$$;

/** Holds (p_paused) or lets go an update still sending; false for no such update or one already complete. */
create function updates.set_paused(p_actor text, p_update uuid, p_paused boolean) returns boolean
  language plpgsql security definer
  set search_path = ''
  as $$
begin
  update updates.updates set paused_at = case when p_paused then coalesce(paused_at, now()) end
  where id = p_update and completed_at is null;
  if not found then
    return false;
  end if;
  insert into operator.audit (actor, action, detail)
  values (p_actor, case when p_paused then 'update.paused' else 'update.resumed' end, jsonb_build_object('update', p_update));
  return true;
end;
$$;

create function updates.list() returns jsonb
  language sql stable security definer
  set search_path = ''
  return (select coalesce(jsonb_agg(updates.update_json(u) order by u.created_at desc, u.id), '[]'::jsonb)
          from (select * from updates.updates order by created_at desc, id limit 200) as u);

-- The sliding window UPDATE_RATE is kept over, as providers count it: the update messages claimed
-- in the last window, by every sender. The one row of updates.rate_lock serializes the claims.
create table updates.rate_lock (id boolean primary key default true check (id));
insert into updates.rate_lock default values;
create unlogged table updates.claims (at timestamptz not null, messages integer not null);
create index claims_by_time on updates.claims (at);
alter table updates.claims enable row level security;

/**
 * Leases up to p_count due update messages (of updates not paused, oldest due first) for
 * p_lease_seconds, so that no window of max(1, 1/p_rate) seconds holds more than
 * max(1, p_rate) of them (p_rate null: no limit). Answers the messages and, when the window
 * ended the batch, the seconds until it has room again.
 */
create function updates.claim(p_count integer, p_lease_seconds double precision, p_rate double precision,
                              out messages jsonb, out again_in double precision)
  language plpgsql
  set search_path = ''
  as $$
declare
  window_length interval := make_interval(secs => greatest(1, 1 / coalesce(p_rate, 1)));
  capacity integer := greatest(1, floor(coalesce(p_rate, 1)))::integer;
  allowed integer := p_count;
  claimed integer;
begin
  again_in := null;
  if p_count <= 0 then
    messages := '[]'::jsonb;
    return;
  end if;
  if p_rate is not null then
    perform from updates.rate_lock for update;
    delete from updates.claims where at <= now() - window_length;
    allowed := least(p_count, capacity - coalesce((select sum(c.messages) from updates.claims as c), 0))::integer;
  end if;

  with due as (
    select e.id from public.welcome_emails as e
    where e.status = 'pending' and e.update_id is not null and e.next_attempt_at <= now()
      and not exists (select from updates.updates as u where u.id = e.update_id and u.paused_at is not null)
    order by e.next_attempt_at, e.id
    limit greatest(allowed, 0)
    for update of e skip locked
  ), leased as (
    update public.welcome_emails as mail
    set leased_until = now() + make_interval(secs => p_lease_seconds),
        next_attempt_at = now() + make_interval(secs => p_lease_seconds)
    from due
    where mail.id = due.id
    returning mail.id, mail.kind, mail.waitlist_id as "waitlistId", mail.email, mail.name, mail.locale, mail.attempts,
              mail.update_id as "updateId", (select u.document_id from updates.updates as u where u.id = mail.update_id) as "documentId",
              -- Their place in line as the message goes ({place} in its words); null once they are no longer waiting.
              referrals.place_of(mail.waitlist_id) as place
  )
  select coalesce(jsonb_agg(to_jsonb(leased) order by leased.id), '[]'::jsonb), count(*) into messages, claimed from leased;

  if p_rate is not null then
    if claimed > 0 then
      insert into updates.claims (at, messages) values (now(), claimed);
    end if;
    if claimed = allowed and claimed < p_count then
      -- The window, not the outbox, ended this batch: it has room again when its oldest claim leaves it.
      again_in := greatest(extract(epoch from (select min(c.at) from updates.claims as c) + window_length - now()), 0);
    end if;
  end if;
end;
$$;

/**
 * migration 20261129090100's claim, with the updates behind everything else: the other kinds are
 * claimed first (within per_second), then update messages fill what is left of the batch within
 * update_rate. Paused updates are never claimed.
 */
drop function public.claim_due_welcomes(integer, double precision, double precision);
create function public.claim_due_welcomes(max_count integer, lease_seconds double precision, per_second double precision,
                                          update_rate double precision default null)
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
  update_claim record;
  again double precision;
begin
  if per_second is not null then
    select greatest(allowance_at, now()) into allowance from public.welcome_send_rate for update;
    allowed := greatest(least(max_count, floor(capacity - extract(epoch from allowance - now()) * per_second)::integer), 0);
  end if;

  with due as (
    select id from public.welcome_emails
    where status = 'pending' and update_id is null and next_attempt_at <= now()
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

  -- Updates only where the other kinds left room, in the batch and in the provider's rate.
  if claimed_count < allowed then
    select * into update_claim from updates.claim(allowed - claimed_count, lease_seconds, update_rate);
    claimed := claimed || update_claim.messages;
    claimed_count := claimed_count + jsonb_array_length(update_claim.messages);
    again := update_claim.again_in;
  end if;

  if per_second is not null then
    allowance := allowance + make_interval(secs => claimed_count / per_second);
    update public.welcome_send_rate set allowance_at = allowance;
  end if;

  return jsonb_build_object('welcomes', claimed, 'claim_again_in', case
    when claimed_count = max_count then 0
    -- The rate, not the outbox, ended this batch: come back when it allows one more.
    when claimed_count = allowed and per_second is not null
      then greatest(extract(epoch from allowance - now()) - (capacity - 1) / per_second, 0)
    -- The update window ended it.
    when again is not null then again
    else null
  end);
end
$$;

/**
 * Records messages sent: their status, and for an update, its count; the update whose last
 * message this was is complete, and emits waitlist.update.sent (counts only). Answers how many.
 */
create function public.mail_sent(p_ids bigint[]) returns integer
  language plpgsql
  set search_path = ''
  as $$
declare
  recorded integer;
  touched uuid[];
begin
  with sent as (
    update public.welcome_emails
    set status = 'sent', sent_at = now(), attempts = attempts + 1, last_error = null, leased_until = null
    where id = any(p_ids) and status = 'pending'
    returning update_id
  ), counted as (
    select update_id, count(*)::integer as messages from sent where update_id is not null group by update_id
  ), bumped as (
    update updates.updates as u set sent = u.sent + counted.messages from counted where u.id = counted.update_id returning u.id
  )
  select (select count(*) from sent), (select array_agg(id) from bumped) into recorded, touched;
  perform updates.complete_if_done(touched);
  return recorded;
end;
$$;

/**
 * Counts a failed try (migration 20261123110000's rule): a rejected message, or one past its last
 * try or its maximum age, is marked failed; any other is due again after a backoff (p_retry_seconds
 * doubling, at most 15 times it, give or take a fifth). A rejected one marks its mailbox
 * undeliverable, and gives up the mail still queued to it. Answers the message's status.
 */
create function public.mail_failed(p_id bigint, p_reason text, p_kind text, p_max_attempts integer,
                                   p_max_age_seconds double precision, p_retry_seconds double precision) returns text
  language plpgsql
  set search_path = ''
  as $$
declare
  mail public.welcome_emails;
begin
  update public.welcome_emails as welcome
  set attempts = welcome.attempts + 1,
      last_error = left(p_reason, 1000),
      leased_until = null,
      status = case when given_up.last then 'failed' else 'pending' end,
      failed_at = case when given_up.last then now() end,
      next_attempt_at = case when given_up.last then now() else now() + make_interval(
        secs => least(p_retry_seconds * power(2, welcome.attempts), p_retry_seconds * 15) * (0.8 + random() * 0.4)) end
  from (select id, p_kind = 'rejected' or attempts + 1 >= p_max_attempts
                   or created_at < now() - make_interval(secs => p_max_age_seconds) as last
        from public.welcome_emails where id = p_id and status = 'pending') as given_up
  where welcome.id = given_up.id
  returning welcome.* into mail;
  if not found then
    return 'pending';
  end if;
  if mail.status = 'failed' and p_kind = 'rejected' then
    perform guard.mark_undeliverable(mail.email, p_reason);
  end if;
  if mail.status = 'failed' and mail.update_id is not null then
    update updates.updates
    set bounced = bounced + (p_kind = 'rejected')::integer, failed = failed + (p_kind <> 'rejected')::integer
    where id = mail.update_id;
    perform updates.complete_if_done(array[mail.update_id]);
  end if;
  return mail.status;
end;
$$;

/** Remembers that an inbox refused mail for good; its queued mail is given up, and counted so in its updates. */
create function guard.mark_undeliverable(p_address text, p_reason text) returns void
  language plpgsql security definer
  set search_path = ''
  as $$
declare
  touched uuid[];
begin
  insert into guard.undeliverable_mailboxes (mailbox_hash, reason) values (guard.mailbox_hash(p_address), left(p_reason, 1000))
  on conflict (mailbox_hash) do nothing;
  with given_up as (
    update public.welcome_emails
    set status = 'failed', failed_at = now(), leased_until = null,
        last_error = 'The address refused mail for good; nothing more is sent to it.'
    -- The places of the inbox, found by the waitlist's mailbox index.
    where waitlist_id in (select id from public.waitlist where guard.mailbox_key(email) = guard.mailbox_key(p_address))
      and status = 'pending' and leased_until is null
    returning update_id
  ), counted as (
    select update_id, count(*)::integer as messages from given_up where update_id is not null group by update_id
  ), bumped as (
    update updates.updates as u set bounced = u.bounced + counted.messages from counted where u.id = counted.update_id returning u.id
  )
  select array_agg(id) into touched from bumped;
  perform updates.complete_if_done(touched);
end;
$$;

/**
 * Completes each of p_updates with nothing left pending, once: it emits waitlist.update.sent.
 * The update's row is locked first, so that of two senders recording its last messages at once,
 * the second sees the first's (a new statement, a new snapshot) and completes it.
 */
create function updates.complete_if_done(p_updates uuid[]) returns void
  language plpgsql security definer
  set search_path = ''
  as $$
declare
  u updates.updates;
begin
  for u in select * from updates.updates where id = any(p_updates) and completed_at is null order by id for update loop
    if not exists (select from public.welcome_emails where update_id = u.id and status = 'pending') then
      update updates.updates set completed_at = now() where id = u.id returning * into u;
      perform webhooks.emit('waitlist.update.sent', null, jsonb_build_object(
        'updateId', u.id, 'documentId', u.document_id, 'recipients', u.recipients,
        'sent', u.sent, 'failed', u.failed, 'bounced', u.bounced, 'completedAt', u.completed_at));
    end if;
  end loop;
end;
$$;

/**
 * A person who leaves the list (a removal, not an erasure: erasure forgets the mailbox first)
 * counts as a removal of the last update they were sent.
 */
create function updates.count_removal() returns trigger
  language plpgsql security definer
  set search_path = ''
  as $$
declare
  last_update uuid;
begin
  select e.update_id into last_update from public.welcome_emails as e
  where e.waitlist_id = old.id and e.kind = 'update' and e.status = 'sent'
  order by e.sent_at desc, e.id desc limit 1;
  if last_update is not null and exists (select from guard.removed_mailboxes where mailbox_hash = guard.mailbox_hash(old.email)) then
    update updates.updates set removed = removed + 1 where id = last_update;
  end if;
  return old;
end;
$$;
create trigger waitlist_removal_of_an_update before delete on public.waitlist
  for each row execute function updates.count_removal();

-- The operators' view of a place says whether its inbox refused mail for good.
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
      'source', updates.source_of(place),
      'campaign', place.utm_campaign,
      'invited_at', invitation.invited_at,
      'activated_at', invitation.activated_at,
      'undeliverable', guard.undeliverable(place.email)
    )
    from (select null) one
    left join public.welcome_emails as welcome on welcome.waitlist_id = place.id and welcome.kind = 'welcome'
    left join invites.invitations as invitation on invitation.waitlist_id = place.id
  );

-- The operator functions over PostgREST's /rpc for a hosted project (its Data API exposes public only).
create function public.updates_count(p_actor text, p_filter jsonb) returns jsonb
  language sql security definer set search_path = '' return updates.count(p_actor, p_filter);
create function public.updates_send(p_actor text, p_update uuid, p_document text, p_filter jsonb, p_send_at timestamptz) returns jsonb
  language sql security definer set search_path = '' return updates.send(p_actor, p_update, p_document, p_filter, p_send_at);
create function public.updates_set_paused(p_actor text, p_update uuid, p_paused boolean) returns boolean
  language sql security definer set search_path = '' return updates.set_paused(p_actor, p_update, p_paused);
create function public.updates_list() returns jsonb
  language sql stable security definer set search_path = '' return updates.list();

-- Only service_role (the secret key) and the owner; Supabase's default privileges would grant the public roles every new function.
revoke all on all functions in schema updates from public, anon, authenticated;
revoke all on all tables in schema updates from public, anon, authenticated;
revoke all on function guard.undeliverable(text) from public, anon, authenticated;
revoke all on function guard.mail_to_undeliverable() from public, anon, authenticated;
revoke all on function guard.mark_undeliverable(text, text) from public, anon, authenticated;
revoke all on function public.claim_due_welcomes(integer, double precision, double precision, double precision) from public, anon, authenticated;
revoke all on function public.mail_sent(bigint[]) from public, anon, authenticated;
revoke all on function public.mail_failed(bigint, text, text, integer, double precision, double precision) from public, anon, authenticated;
revoke all on function public.updates_count(text, jsonb) from public, anon, authenticated;
revoke all on function public.updates_send(text, uuid, text, jsonb, timestamptz) from public, anon, authenticated;
revoke all on function public.updates_set_paused(text, uuid, boolean) from public, anon, authenticated;
revoke all on function public.updates_list() from public, anon, authenticated;
grant usage on schema updates to service_role;
grant execute on all functions in schema updates to service_role;
grant execute on function public.updates_count(text, jsonb) to service_role;
grant execute on function public.updates_send(text, uuid, text, jsonb, timestamptz) to service_role;
grant execute on function public.updates_set_paused(text, uuid, boolean) to service_role;
grant execute on function public.updates_list() to service_role;

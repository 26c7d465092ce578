-- An update's counts off its row (issue 40, decision 0093). Every update message is recorded by a
-- transaction of its own (public.mail_sent, decision 0088), and each bumped the one row of its update
-- in updates.updates and then locked it again to see whether it was the last: the senders of one
-- update queued behind each other's commit, each holding the row through its WAL flush (measured: 7
-- to 9 of 20 senders waiting on it, a ceiling of 223–288 messages a second on this machine).
--
-- Now each backend counts in its own row of updates.tallies (slot: its pg_backend_pid(), unique among
-- the backends alive, so two senders never write one row), and the counts are the sum of the rows.
-- The update's row is locked only by the last messages' transactions: one that still finds a pending
-- message nobody else is changing knows it is not the last, and holds that message (skip locked, so
-- never waiting) until it commits, so that whoever records that message sees its record.
-- `removed` stays on the update's row: it moves when a person leaves the list, not as mail goes.
--
-- Whether an update has a pending message was asked without an order, and the planner answered it by
-- reading the outbox from its start (the welcomes, then the messages already sent: 3 ms at 25,000
-- rows, more as the outbox grows) for every message recorded. The index of an update's pending
-- messages now holds their ids too, and each look-up asks for the highest (max: an index probe
-- whatever the statistics say): the one claimed last.

create table updates.tallies (
  update_id uuid not null references updates.updates on delete cascade,
  -- The backend that counted (pg_backend_pid()); which one only spreads the writes, the sum is the count.
  slot integer not null,
  sent integer not null default 0,
  failed integer not null default 0,
  bounced integer not null default 0,
  primary key (update_id, slot)
);
alter table updates.tallies enable row level security;
revoke all on table updates.tallies from public, anon, authenticated;
comment on table updates.tallies is
  'How an update''s messages went, counted by each backend in a row of its own (no two senders wait on one row); an update''s counts are the sums of its rows.';

insert into updates.tallies (update_id, slot, sent, failed, bounced)
select id, 0, sent, failed, bounced from updates.updates;

drop index public.welcome_emails_update_pending;
create index welcome_emails_update_pending on public.welcome_emails (update_id, id) where status = 'pending' and update_id is not null;

/** Counts outcomes of an update's messages (negative to take some back) in this backend's own row. */
create function updates.add_outcomes(p_update uuid, p_sent integer, p_failed integer, p_bounced integer) returns void
  language sql
  set search_path = ''
  begin atomic
    insert into updates.tallies (update_id, slot, sent, failed, bounced)
    values (p_update, pg_backend_pid(), p_sent, p_failed, p_bounced)
    on conflict (update_id, slot) do update
      set sent = updates.tallies.sent + excluded.sent, failed = updates.tallies.failed + excluded.failed,
          bounced = updates.tallies.bounced + excluded.bounced;
  end;

/** An update's counts: the sums of its tallies. */
create function updates.outcomes(p_update uuid, out sent integer, out failed integer, out bounced integer)
  language sql stable
  set search_path = ''
  begin atomic
    select coalesce(sum(t.sent), 0)::integer, coalesce(sum(t.failed), 0)::integer, coalesce(sum(t.bounced), 0)::integer
    from updates.tallies as t where t.update_id = p_update;
  end;

-- The columns go, and with them the functions that read them (recreated below, reading the tallies).
drop function public.updates_list();
drop function updates.list();
drop function updates.update_json(updates.updates);
alter table updates.updates drop column sent, drop column failed, drop column bounced;

/** migration 20261211200000's update_json, its counts from the tallies. */
create function updates.update_json(u updates.updates) returns jsonb
  language sql stable
  set search_path = ''
  return (select jsonb_build_object(
    'id', u.id, 'documentId', u.document_id, 'filter', u.filter, 'createdBy', u.created_by, 'createdAt', u.created_at,
    'sendAt', u.send_at, 'pausedAt', u.paused_at, 'completedAt', u.completed_at,
    'state', case when u.completed_at is not null then 'sent' when u.paused_at is not null then 'paused'
                  when u.send_at > now() then 'scheduled' else 'sending' end,
    'recipients', u.recipients, 'sent', o.sent, 'failed', o.failed, 'bounced', o.bounced, 'removed', u.removed,
    'queued', (select count(*) from public.welcome_emails as e where e.update_id = u.id and e.status = 'pending'),
    'deferred', (select count(*) from public.welcome_emails as e where e.update_id = u.id and e.status = 'pending' and e.attempts > 0),
    -- Recorded as sent, never confirmed, and no sender holds them any more: the mail service may or may not have them.
    'unconfirmed', (select count(*) from public.welcome_emails as e
                    where e.update_id = u.id and e.status = 'sent' and e.leased_until is not null and e.leased_until <= now()))
    from updates.outcomes(u.id) as o);

/** migration 20261206090000's list, as it was. */
create function updates.list() returns jsonb
  language sql stable security definer
  set search_path = ''
  return (select coalesce(jsonb_agg(updates.update_json(u) order by u.created_at desc, u.id), '[]'::jsonb)
          from (select * from updates.updates order by created_at desc, id limit 200) as u);

create function public.updates_list() returns jsonb
  language sql stable security definer set search_path = '' return updates.list();

/**
 * Completes each of p_updates with nothing left pending, once: it emits waitlist.update.sent (counts
 * only). Called by the transaction that recorded some of its messages, after recording them.
 * A message still pending and not in a sender's hands (no lease), that no other transaction is
 * changing, says it is not done: it is held (skip locked: never waited for) until this commits, so
 * that the transaction that records it comes after this one and sees its record (the one claimed
 * last: the claim skips a message held so, and would otherwise pass over the first ones again and
 * again). Only without one is the update's row locked: the last messages' transactions go one at a
 * time, and each sees the records of those before it (a new statement, a new snapshot).
 */
create or replace function updates.complete_if_done(p_updates uuid[]) returns void
  language plpgsql security definer
  set search_path = ''
  as $$
declare
  touched uuid;
  candidate bigint;
  held boolean;
  u updates.updates;
  counts record;
begin
  for touched in select distinct t.id from unnest(p_updates) as t(id) where t.id is not null order by t.id loop
    -- From the one the claim reaches last down, the first no other transaction holds. Found first
    -- and locked after: a locking query sorts every pending message before its limit when the
    -- planner expects few (its statistics from before the update was frozen).
    held := false;
    candidate := null;
    loop
      select max(e.id) into candidate from public.welcome_emails as e
      where e.update_id = touched and e.status = 'pending' and e.leased_until is null
        and e.id < coalesce(candidate, 9223372036854775807);
      exit when candidate is null;
      perform from public.welcome_emails as e
      where e.id = candidate and e.status = 'pending' and e.leased_until is null
      for no key update skip locked;
      held := found;
      exit when held;
    end loop;
    continue when held;
    select * into u from updates.updates as x where x.id = touched and x.completed_at is null for no key update;
    continue when not found
      or (select max(e.id) from public.welcome_emails as e where e.update_id = touched and e.status = 'pending') is not null;
    update updates.updates as x set completed_at = now() where x.id = touched returning * into u;
    select * into counts from updates.outcomes(touched);
    perform webhooks.emit('waitlist.update.sent', null, jsonb_build_object(
      'updateId', u.id, 'documentId', u.document_id, 'recipients', u.recipients,
      'sent', counts.sent, 'failed', counts.failed, 'bounced', counts.bounced, 'completedAt', u.completed_at));
  end loop;
end;
$$;

/**
 * migration 20261206090000's claim, its paused updates read once (an array) rather than joined: the
 * join's estimate (the updates never analyzed: most of them paused) had the planner read and sort
 * every pending message of the outbox for each batch (63 ms at 80,000, on disk), where the index of
 * due update messages gives them in order and stops at the batch.
 */
create or replace function updates.claim(p_count integer, p_lease_seconds double precision, p_rate double precision,
                                         out messages jsonb, out again_in double precision)
  language plpgsql
  set search_path = ''
  as $$
declare
  window_length interval := make_interval(secs => greatest(1, 1 / coalesce(p_rate, 1)));
  capacity integer := greatest(1, floor(coalesce(p_rate, 1)))::integer;
  allowed integer := p_count;
  claimed integer;
  paused uuid[] := array(select u.id from updates.updates as u where u.paused_at is not null);
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
      and e.update_id <> all (paused)
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
 * migration 20261206090000's send, which now has the outbox analyzed once it froze the recipients:
 * the planner's statistics were from before them (no update message at all), and every claim and
 * every completion check was planned for one message where there are a hundred thousand (a claim read
 * and sorted the update's every message; a check, 38 ms, scanned them all).
 */
create or replace function updates.send(p_actor text, p_update uuid, p_document text, p_filter jsonb, p_send_at timestamptz)
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
  if frozen > 0 then
    analyze public.welcome_emails, updates.updates;
  end if;

  insert into operator.audit (actor, action, detail)
  values (p_actor, 'update.sent', jsonb_build_object('update', p_update, 'document', p_document, 'recipients', frozen, 'sendAt', u.send_at));
  return jsonb_build_object('update', updates.update_json(u), 'repeated', false);
end;
$$;

/** migration 20261211200000's mail_sent, counting in this backend's tally. */
create or replace function public.mail_sent(p_ids bigint[], p_unconfirmed_seconds double precision default null) returns integer
  language plpgsql
  set search_path = ''
  as $$
declare
  recorded integer;
  touched uuid[];
begin
  with sent as (
    update public.welcome_emails
    set status = 'sent', sent_at = now(), attempts = attempts + 1, last_error = null,
        leased_until = now() + make_interval(secs => p_unconfirmed_seconds)
    where id = any(p_ids) and status = 'pending'
    returning update_id
  ), counted as (
    select update_id, updates.add_outcomes(update_id, count(*)::integer, 0, 0)
    from sent where update_id is not null group by update_id
  )
  select (select count(*) from sent), (select array_agg(update_id) from counted) into recorded, touched;
  perform updates.complete_if_done(touched);
  return recorded;
end;
$$;

/** migration 20261209090000's mail_failed, counting in this backend's tally. */
create or replace function public.mail_failed(p_id bigint, p_reason text, p_kind text, p_max_attempts integer,
                                              p_max_age_seconds double precision, p_retry_seconds double precision)
  returns text
  language plpgsql
  set search_path = ''
  as $$
declare
  mail public.welcome_emails;
begin
  if p_kind is null or p_kind not in ('rejected', 'unsendable', 'deferred') then
    raise exception 'unknown failure kind %', p_kind using errcode = '22023';
  end if;
  update public.welcome_emails as welcome
  set attempts = welcome.attempts + 1,
      last_error = left(p_reason, 1000),
      leased_until = null,
      status = case when given_up.last then 'failed' else 'pending' end,
      failed_at = case when given_up.last then now() end,
      next_attempt_at = case when given_up.last then now() else now() + make_interval(
        secs => least(p_retry_seconds * power(2, welcome.attempts), p_retry_seconds * 15) * (0.8 + random() * 0.4)) end
  from (select id, p_kind <> 'deferred' or attempts + 1 >= p_max_attempts
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
    perform updates.add_outcomes(mail.update_id, 0, (p_kind <> 'rejected')::integer, (p_kind = 'rejected')::integer);
    perform updates.complete_if_done(array[mail.update_id]);
  end if;
  return mail.status;
end;
$$;

/** migration 20261206090000's mark_undeliverable, counting in this backend's tally. */
create or replace function guard.mark_undeliverable(p_address text, p_reason text) returns void
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
    select update_id, updates.add_outcomes(update_id, 0, 0, count(*)::integer)
    from given_up where update_id is not null group by update_id
  )
  select array_agg(update_id) into touched from counted;
  perform updates.complete_if_done(touched);
end;
$$;

/**
 * migration 20261210090000's mail_unsent, counting in this backend's tally. The update's row is still
 * locked (its completion undone if it had one): a transaction completing it at the same time either
 * waits for this one and sees the message pending again, or completes it first and is undone here.
 */
create or replace function public.mail_unsent(p_id bigint, p_lease_seconds double precision) returns boolean
  language plpgsql
  set search_path = ''
  as $$
declare
  mail public.welcome_emails;
begin
  update public.welcome_emails
  set status = 'pending', sent_at = null, attempts = greatest(attempts - 1, 0),
      leased_until = now() + make_interval(secs => p_lease_seconds),
      next_attempt_at = now() + make_interval(secs => p_lease_seconds)
  where id = p_id and status = 'sent'
  returning * into mail;
  if not found then
    return false;
  end if;
  if mail.update_id is not null then
    perform updates.add_outcomes(mail.update_id, -1, 0, 0);
    update updates.updates set completed_at = null where id = mail.update_id;
  end if;
  return true;
end;
$$;

/** migration 20261211200000's resend_unconfirmed, counting in this backend's tally. */
create or replace function updates.resend_unconfirmed(p_actor text, p_update uuid) returns integer
  language plpgsql security definer
  set search_path = ''
  as $$
declare
  queued integer;
  given_up integer;
begin
  if not exists (select from updates.updates where id = p_update) then
    return null;
  end if;
  -- The messages first, the update's row after, in the order mail_unsent locks them.
  with refused as (
    select e.id, guard.undeliverable(e.email) as refused from public.welcome_emails as e
    where e.update_id = p_update and e.status = 'sent' and e.leased_until is not null and e.leased_until <= now()
  ), back as (
    update public.welcome_emails as e
    set status = case when r.refused then 'failed' else 'pending' end, leased_until = null, next_attempt_at = now(),
        sent_at = null, failed_at = case when r.refused then now() end,
        last_error = case when r.refused then 'The address refused mail for good; nothing more is sent to it.' end
    from refused as r
    where e.id = r.id and e.status = 'sent' and e.leased_until is not null and e.leased_until <= now()
    returning e.status
  )
  select count(*) filter (where status = 'pending'), count(*) filter (where status = 'failed') into queued, given_up from back;
  perform updates.add_outcomes(p_update, -queued - given_up, 0, given_up);
  update updates.updates set completed_at = case when queued > 0 then null else completed_at end where id = p_update;
  insert into operator.audit (actor, action, detail)
  values (p_actor, 'update.unconfirmed.resent', jsonb_build_object('update', p_update, 'queued', queued, 'bounced', given_up));
  return queued;
end;
$$;

-- Only service_role (the secret key) and the owner, as migration 20261206090000 set them.
revoke all on function updates.add_outcomes(uuid, integer, integer, integer) from public, anon, authenticated;
revoke all on function updates.outcomes(uuid) from public, anon, authenticated;
revoke all on function updates.update_json(updates.updates) from public, anon, authenticated;
revoke all on function updates.list() from public, anon, authenticated;
revoke all on function public.updates_list() from public, anon, authenticated;
grant execute on function updates.add_outcomes(uuid, integer, integer, integer) to service_role;
grant execute on function updates.outcomes(uuid) to service_role;
grant execute on function updates.update_json(updates.updates) to service_role;
grant execute on function updates.list() to service_role;
grant execute on function public.updates_list() to service_role;

-- Who may not have an update (issue 40, decision 0091). An update's message is recorded as sent
-- before the SMTP server can accept it (decision 0088: at most once); until the server's 250 for it
-- is recorded, the message keeps its lease (`leased_until`), renewed by the sender that holds it.
-- A sent message whose lease has run out is "unconfirmed": the sender that recorded it died, or the
-- connection ended after the data with no answer, and nobody knows whether the server kept it.
-- The Launch tool shows how many each update has, and the team may put them back in the queue.
-- No new status and no new column: every reader of the outbox that looks at a lease also asks for
-- `status = 'pending'` (the claim, renewals, releases, mark_undeliverable), and `sent` stays `sent`.

comment on column public.welcome_emails.leased_until is
  'pending: set while a sender holds the message. sent: set only for an update''s message recorded before the mail service accepted it and not yet accepted (public.mail_accepted clears it); once it has run out, its fate is unknown (unconfirmed).';

-- Each update's unconfirmed messages, counted for the tool among a hundred thousand sent.
create index welcome_emails_update_unconfirmed on public.welcome_emails (update_id, leased_until)
  where status = 'sent' and leased_until is not null;

/**
 * migration 20261206090000's mail_sent, for two moments: after the mail service accepted the
 * messages (p_unconfirmed_seconds null: their lease ends with them), or before it could (an update's
 * message, decision 0088: it stays unconfirmed, held p_unconfirmed_seconds and renewed by its
 * sender, until public.mail_accepted records the 250). Answers how many were recorded.
 */
drop function public.mail_sent(bigint[]);
create function public.mail_sent(p_ids bigint[], p_unconfirmed_seconds double precision default null) returns integer
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
    select update_id, count(*)::integer as messages from sent where update_id is not null group by update_id
  ), bumped as (
    update updates.updates as u set sent = u.sent + counted.messages from counted where u.id = counted.update_id returning u.id
  )
  select (select count(*) from sent), (select array_agg(id) from bumped) into recorded, touched;
  perform updates.complete_if_done(touched);
  return recorded;
end;
$$;

/** Records the mail service's 250 for messages recorded sent before it (they are confirmed). Answers how many. */
create function public.mail_accepted(p_ids bigint[]) returns integer
  language sql
  set search_path = ''
  begin atomic
    with accepted as (
      update public.welcome_emails set leased_until = null
      where id = any(p_ids) and status = 'sent' and leased_until is not null
      returning 1
    )
    select count(*)::integer from accepted;
  end;

/** migration 20261206090000's update_json, with the messages whose fate is unknown (`unconfirmed`). */
create or replace function updates.update_json(u updates.updates) returns jsonb
  language sql stable
  set search_path = ''
  return jsonb_build_object(
    'id', u.id, 'documentId', u.document_id, 'filter', u.filter, 'createdBy', u.created_by, 'createdAt', u.created_at,
    'sendAt', u.send_at, 'pausedAt', u.paused_at, 'completedAt', u.completed_at,
    'state', case when u.completed_at is not null then 'sent' when u.paused_at is not null then 'paused'
                  when u.send_at > now() then 'scheduled' else 'sending' end,
    'recipients', u.recipients, 'sent', u.sent, 'failed', u.failed, 'bounced', u.bounced, 'removed', u.removed,
    'queued', (select count(*) from public.welcome_emails as e where e.update_id = u.id and e.status = 'pending'),
    'deferred', (select count(*) from public.welcome_emails as e where e.update_id = u.id and e.status = 'pending' and e.attempts > 0),
    -- Recorded as sent, never confirmed, and no sender holds them any more: the mail service may or may not have them.
    'unconfirmed', (select count(*) from public.welcome_emails as e
                    where e.update_id = u.id and e.status = 'sent' and e.leased_until is not null and e.leased_until <= now()));


/** Adds values to a CHECK of the form `column = any (array[…])` (as in 20261206090000: a temporary function lives one session). */
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
select pg_temp.allow_values('operator.audit', 'audit_action_known', 'action', array['update.unconfirmed.resent']);

/**
 * The team's "Send again to the unconfirmed" (audited): the update's unconfirmed messages go back in
 * the queue, due now, to be sent at the update's rate and held by its pause like the rest, under the
 * same Message-ID (a mailbox that has the first shows one). A reader whose mail service did keep the
 * first gets it twice: the tool says so before. A mailbox that refused mail for good since is given
 * up instead (bounced). The update is open again until they are done, and emits waitlist.update.sent
 * again then. Answers how many went back in the queue; null for no such update.
 */
create function updates.resend_unconfirmed(p_actor text, p_update uuid) returns integer
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
  -- The messages first, the update's row after, in the order mail_sent and mail_unsent lock them.
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
  update updates.updates
  set sent = sent - queued - given_up, bounced = bounced + given_up, completed_at = case when queued > 0 then null else completed_at end
  where id = p_update;
  insert into operator.audit (actor, action, detail)
  values (p_actor, 'update.unconfirmed.resent', jsonb_build_object('update', p_update, 'queued', queued, 'bounced', given_up));
  return queued;
end;
$$;

-- The same over PostgREST's /rpc for a hosted project.
create function public.updates_resend_unconfirmed(p_actor text, p_update uuid) returns integer
  language sql security definer set search_path = '' return updates.resend_unconfirmed(p_actor, p_update);

revoke all on function public.mail_sent(bigint[], double precision) from public, anon, authenticated;
revoke all on function public.mail_accepted(bigint[]) from public, anon, authenticated;
revoke all on function updates.resend_unconfirmed(text, uuid) from public, anon, authenticated;
revoke all on function public.updates_resend_unconfirmed(text, uuid) from public, anon, authenticated;
grant execute on function updates.resend_unconfirmed(text, uuid) to service_role;
grant execute on function public.updates_resend_unconfirmed(text, uuid) to service_role;

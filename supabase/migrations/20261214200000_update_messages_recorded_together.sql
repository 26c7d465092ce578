-- An update's messages recorded as sent several in one transaction (issue 40, decision 0099). Each
-- message was recorded alone before its dot (public.mail_sent of one id, decision 0088): a commit,
-- its WAL flush and a completion check per message, which at 500 messages a second took most of a
-- core of PostgreSQL on a 2-core machine. The sender now records the messages whose dot is waiting
-- together, and needs to know which of them this call recorded (a message another sender recorded
-- first must not be sent), not only how many.

/** migration 20261212100000's mail_sent, answering the ids it recorded: those still pending. */
create function public.mail_sent_ids(p_ids bigint[], p_unconfirmed_seconds double precision default null)
  returns bigint[]
  language plpgsql
  set search_path = ''
  as $$
declare
  recorded bigint[];
  touched uuid[];
begin
  with sent as (
    update public.welcome_emails
    set status = 'sent', sent_at = now(), attempts = attempts + 1, last_error = null,
        leased_until = now() + make_interval(secs => p_unconfirmed_seconds)
    where id = any(p_ids) and status = 'pending'
    returning id, update_id
  ), counted as (
    select update_id, updates.add_outcomes(update_id, count(*)::integer, 0, 0)
    from sent where update_id is not null group by update_id
  )
  select coalesce((select array_agg(id) from sent), '{}'), (select array_agg(update_id) from counted) into recorded, touched;
  perform updates.complete_if_done(touched);
  return recorded;
end;
$$;

/** How many it recorded, as before, for the callers that record messages after their 250. */
create or replace function public.mail_sent(p_ids bigint[], p_unconfirmed_seconds double precision default null) returns integer
  language sql
  set search_path = ''
  return cardinality(public.mail_sent_ids(p_ids, p_unconfirmed_seconds));

revoke all on function public.mail_sent_ids(bigint[], double precision) from public, anon, authenticated;

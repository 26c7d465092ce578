-- How the welcome outbox is drained (docs/decisions/0021-welcome-delivery.md): senders claim
-- due welcomes in one call that also keeps a global send rate, hold them under a short lease
-- they renew while sending, and give up on a welcome that can never be delivered.

-- A welcome that can never be delivered (refused for good, or still failing after its last
-- try) is marked failed with the reason in last_error, and no sender tries it again.
alter table public.welcome_emails drop constraint welcome_emails_status_check;
alter table public.welcome_emails
  add constraint welcome_emails_status_check check (status in ('pending', 'sent', 'failed'));
alter table public.welcome_emails add column failed_at timestamptz;

-- Set while a sender holds the welcome; next_attempt_at moves with it, so an abandoned lease
-- simply makes the welcome due again. Kept apart from next_attempt_at so a lease can be told
-- from a backoff (a restarted embedded server takes back every lease at once).
alter table public.welcome_emails add column leased_until timestamptz;

comment on column public.welcome_emails.status is
  'pending: to be sent (leased_until set while a sender holds it); sent; failed: given up, reason in last_error.';

-- Fresh welcomes first: a welcome that keeps failing never holds back one that has not been tried.
drop index public.welcome_emails_due;
create index welcome_emails_due on public.welcome_emails (attempts, next_attempt_at) where status = 'pending';

-- The send rate shared by every sender (server instances, edge functions): the time at which
-- the allowance is used up, advanced by 1/rate for each welcome claimed (a token bucket
-- holding one second's worth, kept as a single timestamp).
create table public.welcome_send_rate (
  id boolean primary key default true check (id),
  allowance_at timestamptz not null default now()
);
insert into public.welcome_send_rate default values;
alter table public.welcome_send_rate enable row level security;
revoke all on table public.welcome_send_rate from anon, authenticated;

comment on table public.welcome_send_rate is 'One row: how far ahead of now the welcome senders have used the mail provider''s rate.';

/*
 * Leases up to max_count due welcomes, fresh ones first, to the caller for lease_seconds, never
 * more than per_second allows across all callers (null: no limit). Returns
 * {"welcomes": [...], "claim_again_in": s}: 0 when the batch is full (more may be due), the
 * seconds until the rate allows another welcome when the rate cut the batch short, or null
 * when every due welcome was taken.
 */
create function public.claim_due_welcomes(max_count integer, lease_seconds double precision, per_second double precision)
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  allowed integer := max_count;
  -- One second's worth of welcomes may go at once; below one a second, one at a time.
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
    order by attempts, next_attempt_at
    limit allowed
    for update skip locked
  ), leased as (
    update public.welcome_emails as welcome
    set leased_until = now() + make_interval(secs => lease_seconds),
        next_attempt_at = now() + make_interval(secs => lease_seconds)
    from due
    where welcome.id = due.id
    returning welcome.id, welcome.waitlist_id as "waitlistId", welcome.email, welcome.name, welcome.locale, welcome.attempts
  )
  select coalesce(jsonb_agg(to_jsonb(leased) order by leased.attempts, leased.id), '[]'::jsonb), count(*)
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

revoke all on function public.claim_due_welcomes(integer, double precision, double precision) from public, anon, authenticated;

-- Referrals (docs/decisions/0048-referrals.md, docs/product.md §13): every person on the list gets a
-- short random code (`/?ref=<code>`); a sign-up whose page address carried someone's code (the `ref`
-- attribution column, decision 0042) is their referral, credited only once the referred person
-- confirms and only when it is not the referrer's own inbox, a disposable domain (judged by the
-- shared TypeScript that confirms, with the npm list), the referrer's network within 24 hours
-- (held for an operator) or more than the referrer's share of credits an hour (held). A person's
-- place in line is the order the invite waves take: waiting people by join order, N places earlier
-- per credited referral. Nothing here is readable with the public key.

create schema referrals;
revoke all on schema referrals from public;
comment on schema referrals is 'Referral codes, referrals and their credit, the waiting line''s counts, and short-lived network sightings.';

create table referrals.settings (
  only_row boolean primary key default true constraint settings_one_row check (only_row),
  -- Marketers set these two in Sanity (referralSettings); the sweep that sends mail writes them here.
  places_per_referral integer not null default 10 constraint settings_places_bounded check (places_per_referral between 0 and 100000),
  leaderboard boolean not null default false,
  -- The operators' bounds (REFERRAL_CREDITS_PER_HOUR, REFERRAL_EMAIL_GAP_MINUTES on the self-hosted server; SQL on Supabase).
  credits_per_hour integer not null default 5 constraint settings_credits_per_hour_positive check (credits_per_hour between 1 and 10000),
  email_gap interval not null default interval '1 hour' constraint settings_email_gap_bounded check (email_gap between interval '0' and interval '1 day')
);
insert into referrals.settings default values;
comment on table referrals.settings is 'One row: places gained per credited referral and the leaderboard switch (from Sanity), credits per referrer per hour and the least time between two place emails.';

create table referrals.people (
  waitlist_id uuid primary key references public.waitlist on delete cascade,
  -- Random, never derived from the address: 8 characters of 32 (40 bits), without i, l, o or u.
  code text not null unique constraint people_code_shape check (code ~ '^[0-9abcdefghjkmnpqrstvwxyz]{8}$'),
  -- The place's created_at, which never changes: the join order.
  joined_at timestamptz not null,
  -- Confirmed and not invited: in the line the waves take people from.
  waiting boolean not null default false,
  credited integer not null default 0 constraint people_credited_not_negative check (credited >= 0),
  -- For the leaderboard: only this form of the name is kept here ("A*** S."), erased with the person.
  masked_name text constraint people_masked_name_shape check (masked_name ~ '^\S\*\*\*( \S\.)?$'),
  -- A place email was being sent when the place changed: send it again once it is out.
  standing_again boolean not null default false
);
create index people_waiting_order on referrals.people (joined_at, waitlist_id) where waiting;
create index people_leaders on referrals.people (credited desc, joined_at) where credited > 0;
comment on table referrals.people is 'Each person''s referral code, whether they wait in line, their credited referrals and the masked name the leaderboard shows.';

create table referrals.referrals (
  referred_id uuid primary key references public.waitlist on delete cascade,
  referrer_id uuid not null references public.waitlist on delete cascade,
  status text not null default 'pending'
    constraint referrals_status_known check (status in ('pending', 'credited', 'held', 'refused', 'rejected', 'revoked')),
  reason text constraint referrals_reason_known check (reason in (
    'own_mailbox', 'disposable_domain', 'same_visitor', 'same_network', 'hourly_limit', 'mail_given_up')),
  -- Seen on the referrer's network at sign-up (while the day's hashes lived): the hold's reason at confirmation.
  network_match text constraint referrals_network_match_known check (network_match in ('same_visitor', 'same_network')),
  created_at timestamptz not null default now(),
  decided_at timestamptz,
  decided_by text constraint referrals_decided_by_is_an_id check (decided_by ~ '^[A-Za-z0-9_-]{1,64}$'),
  constraint referrals_not_oneself check (referred_id <> referrer_id)
);
create index referrals_by_referrer on referrals.referrals (referrer_id, status, decided_at);
create index referrals_held on referrals.referrals (created_at) where status = 'held';
comment on table referrals.referrals is 'Who referred whom, and whether it is credited, held for review (with the reason), refused or revoked.';
comment on column referrals.referrals.status is
  'pending until the referred person confirms; then credited, held (same network, or over the hourly share; an operator accepts or rejects), or refused (own inbox, disposable domain); revoked when their mail is given up on.';

-- How many wait, per hour and per minute of joining: a place is found in a few small reads, not a
-- pass over the whole line (decision 0048).
create table referrals.waiting_hours (
  hour timestamptz primary key,
  waiting integer not null constraint waiting_hours_not_negative check (waiting >= 0)
);
create table referrals.waiting_minutes (
  minute timestamptz primary key,
  waiting integer not null constraint waiting_minutes_not_negative check (waiting >= 0)
);
comment on table referrals.waiting_hours is 'Waiting people by the hour they joined (UTC), kept by triggers.';
comment on table referrals.waiting_minutes is 'Waiting people by the minute they joined (UTC), kept by triggers.';

-- Where a person was seen (their sign-up, confirmation, status page), as keyed hashes of the visitor
-- (address and User-Agent) and of the network (IPv4 /24, IPv6 /64) under a day's analytics salt:
-- no address is stored, and each row goes with its salt, 48 hours after its day began.
create table referrals.sightings (
  waitlist_id uuid not null references public.waitlist on delete cascade,
  day date not null references analytics.salts (day) on delete cascade,
  visitor bytea not null constraint sightings_visitor_size check (octet_length(visitor) = 16),
  network bytea not null constraint sightings_network_size check (octet_length(network) = 16),
  seen_at timestamptz not null default now(),
  primary key (waitlist_id, day, visitor, network)
);
create index sightings_by_network on referrals.sightings (day, network);
comment on table referrals.sightings is 'Day-keyed hashes of where a person was seen, to hold referrals from the referrer''s own network; deleted with the day''s salt.';

/** 16 random bytes for a day's salt, from core PostgreSQL (no pgcrypto). */
create function referrals.random_salt() returns bytea
  language sql volatile
  set search_path = ''
  return substring(sha256(uuid_send(gen_random_uuid()) || uuid_send(gen_random_uuid())) from 1 for 16);

/** A keyed hash under a day's salt, cut to 16 bytes; `purpose` keeps visitor and network hashes apart from each other and from the analytics' visitor ids. */
create function referrals.keyed(salt bytea, purpose text, subject text) returns bytea
  language sql immutable
  set search_path = ''
  return substring(sha256(salt || convert_to('pulso-referral-' || purpose || E'\n' || subject, 'UTF8')) from 1 for 16);

/** A new referral code: 8 characters of a 32-letter alphabet, from random bytes. */
create function referrals.new_code() returns text
  language sql volatile
  set search_path = ''
  return (select string_agg(substr('0123456789abcdefghjkmnpqrstvwxyz', (get_byte(bytes, i) & 31) + 1, 1), '' order by i)
          from (select sha256(uuid_send(gen_random_uuid())) as bytes) as random, generate_series(0, 7) as i);

/**
 * Counts a person in or out of the line at the hour and minute they joined. The row is made first
 * and then changed: a row proposed with -1 would break the CHECK before ON CONFLICT could merge it.
 */
create function referrals.count_waiting(joined timestamptz, delta integer) returns void
  language sql
  set search_path = ''
  begin atomic
    insert into referrals.waiting_hours (hour, waiting) values (date_trunc('hour', joined, 'UTC'), 0) on conflict (hour) do nothing;
    update referrals.waiting_hours set waiting = waiting + delta where hour = date_trunc('hour', joined, 'UTC');
    insert into referrals.waiting_minutes (minute, waiting) values (date_trunc('minute', joined, 'UTC'), 0) on conflict (minute) do nothing;
    update referrals.waiting_minutes set waiting = waiting + delta where minute = date_trunc('minute', joined, 'UTC');
  end;

-- The waiting people with credited referrals, apart: a place is found from them and the counts, so
-- they are read in one small scan rather than picked out of the whole line.
create table referrals.boosted (
  waitlist_id uuid primary key references referrals.people on delete cascade,
  joined_at timestamptz not null,
  -- The hour and minute (UTC) they joined in, the keys of their counts in referrals.waiting_hours and waiting_minutes.
  joined_hour timestamptz not null,
  joined_minute timestamptz not null,
  credited integer not null constraint boosted_credited_positive check (credited > 0)
);
comment on table referrals.boosted is 'Waiting people with credited referrals (a copy of referrals.people kept by a trigger).';

/** Keeps the line's counts per hour and minute and the boosted people as each person's row changes. */
create function referrals.people_changed() returns trigger
  language plpgsql security definer
  set search_path = ''
  as $$
begin
  if old.waiting and (tg_op = 'DELETE' or not new.waiting) then
    perform referrals.count_waiting(old.joined_at, -1);
  elsif new.waiting and (tg_op = 'INSERT' or not old.waiting) then
    perform referrals.count_waiting(new.joined_at, 1);
  end if;
  if tg_op <> 'DELETE' and new.waiting and new.credited > 0 then
    insert into referrals.boosted (waitlist_id, joined_at, joined_hour, joined_minute, credited)
    values (new.waitlist_id, new.joined_at, date_trunc('hour', new.joined_at, 'UTC'), date_trunc('minute', new.joined_at, 'UTC'), new.credited)
    on conflict (waitlist_id) do update set credited = excluded.credited;
  elsif tg_op = 'UPDATE' then
    delete from referrals.boosted where waitlist_id = old.waitlist_id;
  end if;
  return null;
end;
$$;
create trigger people_changed after insert or update of waiting, credited or delete on referrals.people
  for each row execute function referrals.people_changed();

/** Keeps each referrer's count of credited referrals, by the change of each referral's status. */
create function referrals.credits_counted() returns trigger
  language plpgsql security definer
  set search_path = ''
  as $$
begin
  if tg_op in ('UPDATE', 'DELETE') and old.status = 'credited' then
    update referrals.people set credited = credited - 1 where waitlist_id = old.referrer_id;
  end if;
  if tg_op in ('UPDATE', 'INSERT') and new.status = 'credited' then
    update referrals.people set credited = credited + 1 where waitlist_id = new.referrer_id;
  end if;
  return null;
end;
$$;
create trigger referrals_credits_counted after insert or update of status or delete on referrals.referrals
  for each row execute function referrals.credits_counted();

/**
 * Records where a person was seen: the client address as guard.client_address reads `headers`
 * (PostgREST's request headers, or those the site server hands over), its network, and the
 * User-Agent, hashed under today's salt and yesterday's (so that a sighting just after midnight
 * still meets one just before). At most 20 per person; nothing for an unknown address.
 */
create function referrals.note_sighting(p_waitlist_id uuid, p_headers json) returns void
  language plpgsql security definer
  set search_path = ''
  as $$
declare
  client text := guard.client_address(coalesce(p_headers, '{}'::json));
  agent text := left(coalesce(p_headers ->> 'user-agent', ''), 512);
  client_network text;
  today date := analytics.utc_day(now());
begin
  if p_waitlist_id is null or client = 'unknown' then
    return;
  end if;
  client_network := case when position('/' in client) > 0 then client else host(network(set_masklen(client::inet, 24))) || '/24' end;
  insert into analytics.salts (day, salt) values (today, referrals.random_salt()) on conflict (day) do nothing;
  if (select count(*) from referrals.sightings where waitlist_id = p_waitlist_id) >= 20 then
    return;
  end if;
  insert into referrals.sightings (waitlist_id, day, visitor, network, seen_at)
  select p_waitlist_id, salt.day, referrals.keyed(salt.salt, 'visitor', client || E'\n' || agent),
         referrals.keyed(salt.salt, 'network', client_network), now()
  from analytics.salts as salt
  where salt.day in (today, today - 1)
  on conflict on constraint sightings_pkey do update set seen_at = excluded.seen_at;
end;
$$;

/**
 * 'same_visitor' when the two people were seen from one browser within 24 hours of each other,
 * 'same_network' when from one IPv4 /24 or IPv6 /64, else null; only while the hashes live.
 */
create function referrals.network_match(p_one uuid, p_other uuid) returns text
  language sql stable
  set search_path = ''
  return (
    select case when bool_or(one.visitor = other.visitor) then 'same_visitor' when count(*) > 0 then 'same_network' end
    from referrals.sightings as one
    join referrals.sightings as other on other.day = one.day and other.network = one.network
    where one.waitlist_id = p_one and other.waitlist_id = p_other
      and abs(extract(epoch from one.seen_at - other.seen_at)) <= 86400);

/** Forgets sightings older than 48 hours (their salt goes too, with the analytics sweep). Answers how many. */
create function referrals.forget_sightings() returns integer
  language sql security definer
  set search_path = ''
  begin atomic
    with forgotten as (
      delete from referrals.sightings where seen_at < now() - interval '48 hours' or day < analytics.utc_day(now()) - 1 returning 1
    )
    select count(*)::integer from forgotten;
  end;

/**
 * A new place gets its code and, when the request's headers are known (PostgREST's, or the
 * self-hosted stand-in's), a sighting. A place whose page address carried another person's code
 * is that person's referral: refused at once when it is the referrer's own inbox
 * (guard.mailbox_key, the rule of duplicate sign-ups), otherwise pending until it confirms.
 */
create function referrals.place_added() returns trigger
  language plpgsql security definer
  set search_path = ''
  as $$
declare
  code_given text := lower(btrim(new.ref));
  referrer public.waitlist;
begin
  loop
    begin
      insert into referrals.people (waitlist_id, code, joined_at, waiting)
      values (new.id, referrals.new_code(), new.created_at, new.confirmed_at is not null);
      exit;
    exception when unique_violation then
      -- A code already given (about one chance in a million at 100,000 people): draw again.
    end;
  end loop;
  perform referrals.note_sighting(new.id, nullif(current_setting('request.headers', true), '')::json);

  if code_given is null or code_given !~ '^[0-9abcdefghjkmnpqrstvwxyz]{8}$' then
    return null;
  end if;
  select w.* into referrer from referrals.people as p join public.waitlist as w on w.id = p.waitlist_id where p.code = code_given;
  if not found or referrer.id = new.id then
    return null;
  end if;
  if guard.mailbox_key(referrer.email) = guard.mailbox_key(new.email) then
    insert into referrals.referrals (referred_id, referrer_id, status, reason, decided_at)
    values (new.id, referrer.id, 'refused', 'own_mailbox', now());
  else
    insert into referrals.referrals (referred_id, referrer_id, network_match)
    values (new.id, referrer.id, referrals.network_match(new.id, referrer.id));
  end if;
  return null;
end;
$$;
create trigger waitlist_referral_code after insert on public.waitlist
  for each row execute function referrals.place_added();

/** A confirmed place joins the line (an invited one never left it: invitations need confirmation). */
create function referrals.place_confirmed() returns trigger
  language plpgsql security definer
  set search_path = ''
  as $$
begin
  update referrals.people set waiting = not exists (select from invites.invitations where waitlist_id = new.id)
  where waitlist_id = new.id;
  return null;
end;
$$;
create trigger waitlist_referral_line after update of confirmed_at on public.waitlist
  for each row when (old.confirmed_at is null and new.confirmed_at is not null)
  execute function referrals.place_confirmed();

/** An invitation takes its person out of the line, with any place email not yet on its way. */
create function referrals.invitation_changed() returns trigger
  language plpgsql security definer
  set search_path = ''
  as $$
begin
  if tg_op = 'INSERT' then
    update referrals.people set waiting = false where waitlist_id = new.waitlist_id;
    delete from public.welcome_emails
    where waitlist_id = new.waitlist_id and kind = 'standing' and status = 'pending' and leased_until is null;
  else
    update referrals.people as p set waiting = true
    from public.waitlist as w
    where p.waitlist_id = old.waitlist_id and w.id = old.waitlist_id and w.confirmed_at is not null;
  end if;
  return null;
end;
$$;
create trigger invitation_leaves_line after insert or delete on invites.invitations
  for each row execute function referrals.invitation_changed();

/**
 * The join order of a waiting person who joined at p_joined_at: 1 + everyone waiting who joined
 * before, counted as `p_before_hour` (those of earlier hours), those of earlier minutes of the
 * hour, then those earlier in the minute.
 */
create function referrals.join_order(p_joined_at timestamptz, p_waitlist_id uuid, p_before_hour bigint) returns bigint
  language plpgsql stable
  set search_path = ''
  as $$
begin
  return 1 + p_before_hour
    + coalesce((select sum(waiting) from referrals.waiting_minutes
                where minute >= date_trunc('hour', p_joined_at, 'UTC') and minute < date_trunc('minute', p_joined_at, 'UTC')), 0)
    + (select count(*) from referrals.people as p
       where p.waiting and p.joined_at >= date_trunc('minute', p_joined_at, 'UTC')
         and (p.joined_at, p.waitlist_id) < (p_joined_at, p_waitlist_id));
end;
$$;

/**
 * A person's place in line (docs/product.md §13.3): 1 + everyone waiting whose key comes first,
 * the key being the join order minus N places per credited referral; on equal keys more credited
 * referrals first, then the earlier sign-up. Null when the person is not waiting (unconfirmed or
 * invited). The same order as referrals.ranking, found from the line's counts per hour and minute
 * and the few people with credits, so it stays fast on a long line (decision 0048): a person
 * without credits is ahead when their join order is below my key, one with c credits when theirs
 * is below my key + N × c; the hour a person joined in bounds their join order, the minute where a
 * bound falls inside that hour, and it is counted one by one only when a bound falls inside that
 * minute.
 */
create function referrals.place_of(p_waitlist_id uuid) returns bigint
  language plpgsql stable
  set search_path = ''
  set jit = off
  as $$
declare
  me referrals.people;
  per_referral integer := (select places_per_referral from referrals.settings);
  my_key bigint;
  ahead bigint;
begin
  select * into me from referrals.people where waitlist_id = p_waitlist_id;
  if not found or not me.waiting then
    return null;
  end if;
  my_key := referrals.join_order(me.joined_at, me.waitlist_id, coalesce((
      select sum(waiting) from referrals.waiting_hours where hour < date_trunc('hour', me.joined_at, 'UTC')), 0))
    - per_referral * me.credited;

  with hours as (
    select hour, waiting, sum(waiting) over (order by hour) - waiting as before
    from referrals.waiting_hours where waiting > 0
  ), boosted as (
    select b.joined_at, b.waitlist_id, b.credited, b.joined_minute, my_key + per_referral * b.credited as bound,
           hours.hour, hours.before + 1 as hour_lowest, hours.before + hours.waiting as hour_highest, hours.before as hour_before
    from referrals.boosted as b join hours on hours.hour = b.joined_hour
    where b.waitlist_id <> me.waitlist_id
  ), unsure_hours as (
    -- the hours where a bound falls: there the minutes tell people apart
    select distinct hour, hour_before from boosted
    where my_key between hour_lowest and hour_highest or bound between hour_lowest and hour_highest
  ), minutes as (
    select m.minute, m.waiting, unsure_hours.hour_before + sum(m.waiting) over (partition by unsure_hours.hour order by m.minute) - m.waiting as before
    from unsure_hours join referrals.waiting_minutes as m
      on m.minute >= unsure_hours.hour and m.minute < unsure_hours.hour + interval '1 hour' and m.waiting > 0
  ), bounded as (
    select boosted.*,
           coalesce(minutes.before + 1, boosted.hour_lowest) as lowest,
           coalesce(minutes.before + minutes.waiting, boosted.hour_highest) as highest,
           minutes.before as minute_before
    from boosted left join minutes on minutes.minute = boosted.joined_minute
  ), judged as (
    select bounded.*,
           -- counted one by one only when a bound falls inside the person's minute
           case when my_key between bounded.lowest and bounded.highest or bounded.bound between bounded.lowest and bounded.highest
                then bounded.minute_before + 1 + (
                  select count(*) from referrals.people as p
                  where p.waiting and p.joined_at >= bounded.joined_minute
                    and (p.joined_at, p.waitlist_id) < (bounded.joined_at, bounded.waitlist_id)) end as joined
    from bounded
  )
  select greatest(my_key - 1, 0)
         -- those with credits among the first my_key - 1 are not people without credits
         - count(*) filter (where case when judged.joined is null then judged.highest < my_key else judged.joined < my_key end)
         -- those with credits ahead
         + count(*) filter (where case when judged.joined is null then judged.highest < judged.bound
                                       else judged.joined < judged.bound
                                            or judged.joined = judged.bound
                                               and (judged.credited > me.credited
                                                    or judged.credited = me.credited
                                                       and (judged.joined_at, judged.waitlist_id) < (me.joined_at, me.waitlist_id)) end)
  into ahead
  from judged;
  return 1 + ahead;
end;
$$;

/** The line in order, first p_count: what a wave takes and what each place is (a full pass, for waves and checks). */
create function referrals.ranking(p_count integer) returns table (waitlist_id uuid, place bigint)
  language sql stable
  set search_path = ''
  set jit = off
  as $$
  select keyed.waitlist_id, rank() over (order by keyed.key, keyed.credited desc, keyed.joined_at, keyed.waitlist_id)
  from (select p.waitlist_id, p.joined_at, p.credited,
               row_number() over (order by p.joined_at, p.waitlist_id) - (select places_per_referral from referrals.settings) * p.credited as key
        from referrals.people as p where p.waiting) as keyed
  order by 2
  limit p_count;
$$;

/**
 * Who a wave takes next: the line's first p_count (decision 0045 left this function for the
 * ranking to replace; nothing else of the waves moves).
 */
create or replace function invites.next_candidates(p_count integer) returns table (waitlist_id uuid)
  language sql stable
  set search_path = ''
  as $$
  select ranked.waitlist_id from referrals.ranking(p_count) as ranked order by ranked.place;
$$;

/** The leaderboard when marketers turned it on: masked names and credited counts, nothing else; null when off. */
create function referrals.leaderboard() returns jsonb
  language sql stable
  set search_path = ''
  return (
    select case when settings.leaderboard then coalesce((
      select jsonb_agg(jsonb_build_object('name', leader.masked_name, 'credited', leader.credited) order by leader.credited desc, leader.joined_at)
      from (select masked_name, credited, joined_at from referrals.people where credited > 0
            order by credited desc, joined_at, waitlist_id limit 10) as leader), '[]'::jsonb) end
    from referrals.settings as settings);

/**
 * What a person's status page, confirmation page and place emails show: their code, place (null
 * unless waiting), how many wait, their credited and held referrals, the places one referral
 * gains, and the leaderboard (null when off). Null for nobody.
 */
create function referrals.standing(p_waitlist_id uuid) returns jsonb
  language sql stable
  set search_path = ''
  set jit = off
  return (
    select jsonb_build_object(
      'code', p.code,
      'state', case when p.waiting then 'waiting'
                    when exists (select from invites.invitations where waitlist_id = p.waitlist_id) then 'invited'
                    else 'unconfirmed' end,
      'place', referrals.place_of(p.waitlist_id),
      'waiting', (select coalesce(sum(waiting), 0) from referrals.waiting_hours),
      'credited', p.credited,
      'held', (select count(*) from referrals.referrals where referrer_id = p.waitlist_id and status = 'held'),
      'placesPerReferral', (select places_per_referral from referrals.settings),
      'locale', invites.locale_of(w),
      'leaderboard', referrals.leaderboard())
    from referrals.people as p join public.waitlist as w on w.id = p.waitlist_id
    where p.waitlist_id = p_waitlist_id);

/** Writes what marketers set in Sanity, when it differs (called by the sweep that sends mail). */
create function referrals.note_settings(p_places_per_referral integer, p_leaderboard boolean) returns void
  language sql security definer
  set search_path = ''
  begin atomic
    update referrals.settings set places_per_referral = p_places_per_referral, leaderboard = p_leaderboard
    where places_per_referral is distinct from p_places_per_referral or leaderboard is distinct from p_leaderboard;
  end;

-- The places already on the list: a code each, and the line as it stands.
insert into referrals.people (waitlist_id, code, joined_at, waiting)
select w.id, referrals.new_code(), w.created_at,
       w.confirmed_at is not null and not exists (select from invites.invitations as i where i.waitlist_id = w.id)
from public.waitlist as w;

-- Nothing here for the public roles; the Launch tool's side runs the public.referrals_* functions (next migration).
revoke all on all functions in schema referrals from public, anon, authenticated;
revoke all on all tables in schema referrals from public, anon, authenticated;
grant usage on schema referrals to service_role;
grant execute on all functions in schema referrals to service_role;

-- A sign-up's insert writes no referral rows of its own (docs/decisions/0055-referral-rows-after-the-signup.md,
-- issue 23): a place gets its referral code when it is confirmed, the first moment anyone can see
-- or share it, and where its sign-up came from is kept on its own row rather than as rows of
-- referrals.sightings with their index. Every answer stays as it was: codes, the line, credits,
-- holds for one network, and hashes gone with their day's salt.

-- 1. Where the sign-up came from, on the place's own row: the visitor's and the network's keyed
--    hashes (16 bytes each) under the sign-up day's salt, then the day before's while it lived.

alter table public.waitlist add column signup_seen bytea
  constraint waitlist_signup_seen_shape check (octet_length(signup_seen) in (32, 64));
comment on column public.waitlist.signup_seen is
  'Where the sign-up came from as referrals.sightings keeps it: visitor then network hash under the sign-up day''s salt, then under the day before''s; emptied with those salts (referrals.forget_sightings).';

/**
 * Where a request came from, hashed: the visitor's (address and User-Agent) then the network's
 * keyed hash under today's salt (drawn when missing), then the same under yesterday's while it
 * lives, 16 bytes each; null for an unknown address. Read with referrals.unpacked.
 */
create function referrals.hashes_of(p_headers json) returns bytea
  language plpgsql security definer
  set search_path = ''
  as $$
declare
  client text := guard.client_address(coalesce(p_headers, '{}'::json));
  agent text;
  client_network text;
  today date;
  salt bytea;
  hashes bytea := ''::bytea;
begin
  if client = 'unknown' then
    return null;
  end if;
  agent := left(coalesce(p_headers ->> 'user-agent', ''), 512);
  client_network := case when position('/' in client) > 0 then client else host(network(set_masklen(client::inet, 24))) || '/24' end;
  today := analytics.utc_day(now());
  -- Read first: the day's first sign-up alone pays for drawing its salt.
  if not exists (select from analytics.salts as s where s.day = today) then
    insert into analytics.salts (day, salt) values (today, referrals.random_salt()) on conflict (day) do nothing;
  end if;
  for salt in select s.salt from analytics.salts as s where s.day in (today, today - 1) order by s.day desc loop
    hashes := hashes || referrals.keyed(salt, 'visitor', client || E'\n' || agent) || referrals.keyed(salt, 'network', client_network);
  end loop;
  return hashes;
end;
$$;

/** The sightings in hashes made on `p_day` by referrals.hashes_of: that day's, then the day before's. */
create function referrals.unpacked(p_hashes bytea, p_day date) returns table (day date, visitor bytea, network bytea)
  language sql immutable
  set search_path = ''
  as $$
  select p_day - k, substring(p_hashes from 32 * k + 1 for 16), substring(p_hashes from 32 * k + 17 for 16)
  from generate_series(0, coalesce(octet_length(p_hashes), 0) / 32 - 1) as k;
$$;

create or replace function referrals.note_sighting(p_waitlist_id uuid, p_headers json) returns void
  language plpgsql security definer
  set search_path = ''
  as $$
begin
  if p_waitlist_id is null or (select count(*) from referrals.sightings where waitlist_id = p_waitlist_id) >= 20 then
    return;
  end if;
  insert into referrals.sightings (waitlist_id, day, visitor, network, seen_at)
  select p_waitlist_id, seen.day, seen.visitor, seen.network, now()
  from referrals.unpacked(referrals.hashes_of(p_headers), analytics.utc_day(now())) as seen
  on conflict on constraint sightings_pkey do update set seen_at = excluded.seen_at;
end;
$$;

/** Keeps on a new place where its sign-up came from (after guard.waitlist_before_insert, which may drop the row). */
create function referrals.signup_seen() returns trigger
  language plpgsql security definer
  set search_path = ''
  as $$
begin
  new.signup_seen := referrals.hashes_of(nullif(current_setting('request.headers', true), '')::json);
  return new;
end;
$$;
create trigger waitlist_signup_seen before insert on public.waitlist
  for each row execute function referrals.signup_seen();
-- Appended to at its right end (created_at grows), and only while a sign-up's hashes live: what the sweep empties.
create index waitlist_signup_seen_by_age on public.waitlist (created_at) where signup_seen is not null;

/** Every sighting of the given people: their rows in referrals.sightings and their sign-up's, at the time they signed up. */
create function referrals.seen(p_people uuid[]) returns table (waitlist_id uuid, day date, visitor bytea, network bytea, seen_at timestamptz)
  language sql stable
  set search_path = ''
  as $$
  select s.waitlist_id, s.day, s.visitor, s.network, s.seen_at from referrals.sightings as s where s.waitlist_id = any(p_people)
  union all
  select w.id, seen.day, seen.visitor, seen.network, w.created_at
  from public.waitlist as w, referrals.unpacked(w.signup_seen, analytics.utc_day(w.created_at)) as seen
  where w.id = any(p_people) and w.signup_seen is not null;
$$;

create or replace function referrals.network_match(p_one uuid, p_other uuid) returns text
  language plpgsql stable
  set search_path = ''
  as $$
begin
  return (
    with seen as (select * from referrals.seen(array[p_one, p_other]))
    select case when bool_or(one.visitor = other.visitor) then 'same_visitor' when count(*) > 0 then 'same_network' end
    from seen as one
    join seen as other on other.day = one.day and other.network = one.network
    where one.waitlist_id = p_one and other.waitlist_id = p_other
      and abs(extract(epoch from one.seen_at - other.seen_at)) <= 86400);
end;
$$;

create or replace function referrals.forget_sightings() returns integer
  language plpgsql security definer
  set search_path = ''
  as $$
declare
  today_began timestamptz := analytics.utc_day(now())::timestamp at time zone 'UTC';
  forgotten integer;
  emptied integer;
begin
  delete from referrals.sightings where seen_at < now() - interval '48 hours' or day < analytics.utc_day(now()) - 1;
  get diagnostics forgotten = row_count;
  -- A sign-up's hashes go with their salts: the day before's once the sign-up's day is over, its
  -- own day's once the next is over too.
  update public.waitlist set signup_seen = case when created_at < today_began - interval '1 day' then null else substring(signup_seen from 1 for 32) end
  where signup_seen is not null and created_at < today_began
    and (created_at < today_began - interval '1 day' or octet_length(signup_seen) = 64);
  get diagnostics emptied = row_count;
  return forgotten + emptied;
end;
$$;

-- 2. A referral is recorded at the sign-up that carries a code, as before, from that trigger
--    alone; every other sign-up fires none.

create function referrals.place_referred() returns trigger
  language plpgsql security definer
  set search_path = ''
  as $$
declare
  code_given text := lower(btrim(new.ref));
  referrer public.waitlist;
begin
  if code_given !~ '^[0-9abcdefghjkmnpqrstvwxyz]{8}$' then
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

drop trigger waitlist_referral_code on public.waitlist;
drop function referrals.place_added();
create trigger waitlist_referral after insert on public.waitlist
  for each row when (new.ref is not null) execute function referrals.place_referred();

-- 3. The code comes with the confirmation, which puts the person in line, or with the insert of
--    a place that is confirmed already (an import with the server's rights); places from before
--    this migration have theirs.

create or replace function referrals.place_confirmed() returns trigger
  language plpgsql security definer
  set search_path = ''
  as $$
declare
  in_line boolean := not exists (select from invites.invitations where waitlist_id = new.id);
begin
  if exists (select from referrals.people where waitlist_id = new.id) then
    update referrals.people set waiting = in_line where waitlist_id = new.id;
    return null;
  end if;
  -- A code already given (about one chance in a million at 100,000 people) is drawn again.
  loop
    insert into referrals.people (waitlist_id, code, joined_at, waiting)
    values (new.id, referrals.new_code(), new.created_at, in_line)
    on conflict (code) do nothing;
    exit when found;
  end loop;
  return null;
end;
$$;
create trigger waitlist_referral_line_on_insert after insert on public.waitlist
  for each row when (new.confirmed_at is not null) execute function referrals.place_confirmed();

revoke all on all functions in schema referrals from public, anon, authenticated;
grant execute on all functions in schema referrals to service_role;

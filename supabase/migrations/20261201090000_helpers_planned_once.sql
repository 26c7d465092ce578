-- The sign-up's own statements made cheaper (docs/decisions/0054-helpers-planned-once.md, issue 23):
-- what a place's insert, its welcome and its confirmation call, with the same signatures and the
-- same answers.
--
-- 1. Helpers in PL/pgSQL. A `language sql` function with a SET clause (all of ours: `search_path`)
--    is never inlined, and its body is planned again in every statement that calls it; PL/pgSQL
--    keeps its plans for the session. Measured serially, the insert's database time went from
--    about 1.75 ms to 1.0 ms (pgbench, one client).

create or replace function guard.is_canonical_email(address text) returns boolean
  language plpgsql immutable strict parallel safe
  set search_path = ''
  as $$
begin
  return char_length(address) <= 254
    and char_length(split_part(address, '@', 1)) <= 64
    and address ~ '^[A-Za-z0-9!#$%&''*+/=?^_`{|}~-]+(\.[A-Za-z0-9!#$%&''*+/=?^_`{|}~-]+)*@([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$'
    -- A top-level label of digits only would be an IP address, not a mail domain.
    and split_part(address, '.', -1) !~ '^[0-9]+$';
end;
$$;

create or replace function guard.waitlist_row_problem(email text, role text, company_size text) returns text
  language plpgsql immutable parallel safe
  set search_path = ''
  as $$
begin
  return case
    when email is null or not guard.is_canonical_email(email) then 'email'
    when role is null or char_length(btrim(role)) not between 1 and 200 then 'role'
    when company_size is null or company_size <> 'unknown' then 'company_size'
  end;
end;
$$;

create or replace function guard.mailbox_hash(address text) returns bytea
  language plpgsql stable strict security definer
  set search_path = ''
  as $$
begin
  return sha256(convert_to((select value from private.secrets where name = 'mailbox_hash_key') || ':' || guard.mailbox_key(address), 'UTF8'));
end;
$$;

create or replace function guard.mailbox_left(address text) returns boolean
  language plpgsql stable strict security definer
  set search_path = ''
  as $$
begin
  return exists (select from guard.removed_mailboxes where mailbox_hash = guard.mailbox_hash(address) and forget_at > now());
end;
$$;

create or replace function guard.place_left(place_id uuid) returns boolean
  language plpgsql stable security definer
  set search_path = ''
  as $$
begin
  return exists (
    select from guard.removed_places p join guard.removed_mailboxes m using (mailbox_hash)
    where p.waitlist_id = place_id and m.forget_at > now()
  );
end;
$$;

create or replace function guard.note_consent_version(current_version text) returns void
  language plpgsql security definer
  set search_path = ''
  as $$
begin
  insert into guard.consent_versions (version)
  select current_version where current_version is not null
    and not exists (select from guard.consent_versions where version = current_version)
  on conflict (version) do nothing;
end;
$$;

create or replace function analytics.utc_day(moment timestamptz) returns date
  language plpgsql immutable parallel safe
  set search_path = ''
  as $$
begin
  return (moment at time zone 'UTC')::date;
end;
$$;

create or replace function referrals.random_salt() returns bytea
  language plpgsql volatile
  set search_path = ''
  as $$
begin
  return substring(sha256(uuid_send(gen_random_uuid()) || uuid_send(gen_random_uuid())) from 1 for 16);
end;
$$;

create or replace function referrals.keyed(salt bytea, purpose text, subject text) returns bytea
  language plpgsql immutable
  set search_path = ''
  as $$
begin
  return substring(sha256(salt || convert_to('pulso-referral-' || purpose || E'\n' || subject, 'UTF8')) from 1 for 16);
end;
$$;

create or replace function referrals.new_code() returns text
  language plpgsql volatile
  set search_path = ''
  as $$
declare
  bytes bytea := sha256(uuid_send(gen_random_uuid()));
  code text := '';
begin
  for i in 0..7 loop
    code := code || substr('0123456789abcdefghjkmnpqrstvwxyz', (get_byte(bytes, i) & 31) + 1, 1);
  end loop;
  return code;
end;
$$;

create or replace function referrals.count_waiting(joined timestamptz, delta integer) returns void
  language plpgsql
  set search_path = ''
  as $$
begin
  insert into referrals.waiting_hours (hour, waiting) values (date_trunc('hour', joined, 'UTC'), 0) on conflict (hour) do nothing;
  update referrals.waiting_hours set waiting = waiting + delta where hour = date_trunc('hour', joined, 'UTC');
  insert into referrals.waiting_minutes (minute, waiting) values (date_trunc('minute', joined, 'UTC'), 0) on conflict (minute) do nothing;
  update referrals.waiting_minutes set waiting = waiting + delta where minute = date_trunc('minute', joined, 'UTC');
end;
$$;

create or replace function referrals.network_match(p_one uuid, p_other uuid) returns text
  language plpgsql stable
  set search_path = ''
  as $$
begin
  return (
    select case when bool_or(one.visitor = other.visitor) then 'same_visitor' when count(*) > 0 then 'same_network' end
    from referrals.sightings as one
    join referrals.sightings as other on other.day = one.day and other.network = one.network
    where one.waitlist_id = p_one and other.waitlist_id = p_other
      and abs(extract(epoch from one.seen_at - other.seen_at)) <= 86400);
end;
$$;

-- 2. The referral trigger: no subtransaction for the code, the day's salt read before it is
--    written, and a new person who is not waiting (every sign-up: confirmation comes later) fires
--    nothing on referrals.people.

create or replace function referrals.note_sighting(p_waitlist_id uuid, p_headers json) returns void
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
  -- Read first: the day's salt is there for all but the day's first sign-up, which alone pays for drawing one.
  if not exists (select from analytics.salts where day = today) then
    insert into analytics.salts (day, salt) values (today, referrals.random_salt()) on conflict (day) do nothing;
  end if;
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

create or replace function referrals.place_added() returns trigger
  language plpgsql security definer
  set search_path = ''
  as $$
declare
  code_given text := lower(btrim(new.ref));
  referrer public.waitlist;
begin
  -- A code already given (about one chance in a million at 100,000 people) is drawn again; ON
  -- CONFLICT rather than an exception block, which would open a subtransaction for every sign-up.
  loop
    insert into referrals.people (waitlist_id, code, joined_at, waiting)
    values (new.id, referrals.new_code(), new.created_at, new.confirmed_at is not null)
    on conflict (code) do nothing;
    exit when found;
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

drop trigger people_changed on referrals.people;
create trigger people_changed after update of waiting, credited or delete on referrals.people
  for each row execute function referrals.people_changed();
create trigger people_added after insert on referrals.people
  for each row when (new.waiting) execute function referrals.people_changed();

-- 3. No query reads sightings by network alone (referrals.network_match starts from both people's
--    own rows), so the index only cost every sighting a second index entry.
drop index referrals.sightings_by_network;

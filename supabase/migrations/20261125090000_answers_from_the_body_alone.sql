-- The second attack pass on the sign-up (docs/product.md §4.3, decision 0035):
--
-- 1. A sign-up's answer depends on its body alone. The insert trigger used to skip a listed
--    address before any other rule ran, so a body breaking a rule answered 201 for a listed
--    address and 400 for any other: a free oracle. Every rule is now checked first.
-- 2. Welcomes are bounded per mailbox, counting what is queued, not what is asked: a stranger's
--    requests for an address never spend a real person's welcome, and the spellings one inbox
--    receives (gmail's dots, +tags) share one bound.
-- 3. A removed mailbox is remembered for a while, as a keyed hash: nobody can re-add a person who
--    has just left, and nothing is mailed to them.

/**
 * The inbox an address reaches: lower case, googlemail.com as gmail.com, the +tag dropped where
 * the provider delivers tagged addresses to the untagged inbox, and the dots of gmail's local part
 * dropped (gmail ignores them). Providers listed only where their documentation says so; any other
 * address is its own mailbox. Used to bound what one inbox receives, never to store an address.
 */
create function guard.mailbox_key(address text) returns text
  language plpgsql immutable strict parallel safe
  set search_path = ''
  as $$
declare
  lowered text := lower(address);
  at_sign integer := length(lowered) - position('@' in reverse(lowered)) + 1;
  local_part text;
  domain text;
begin
  if position('@' in lowered) = 0 then
    return lowered;
  end if;
  local_part := left(lowered, at_sign - 1);
  domain := substr(lowered, at_sign + 1);
  if domain = 'googlemail.com' then
    domain := 'gmail.com';
  end if;
  if domain in ('gmail.com', 'outlook.com', 'hotmail.com', 'live.com', 'msn.com', 'icloud.com', 'me.com', 'mac.com',
                'fastmail.com', 'fastmail.fm', 'proton.me', 'protonmail.com', 'pm.me') then
    local_part := split_part(local_part, '+', 1);
  end if;
  if domain = 'gmail.com' then
    local_part := replace(local_part, '.', '');
  end if;
  return local_part || '@' || domain;
end;
$$;

/** Settings of the guard that are periods rather than limits; change them with plain SQL (README). */
create table guard.settings (
  name text primary key,
  period interval not null check (period >= interval '0'),
  meaning text not null
);
alter table guard.settings enable row level security;
insert into guard.settings (name, period, meaning) values
  ('removal_memory', interval '30 days', 'how long a mailbox that left the list is sent nothing and cannot be re-added');

/**
 * Mailboxes that left the list, as a keyed hash of their mailbox key (the key lives in
 * private.secrets): the table cannot be read back into addresses, yet a sign-up of the same inbox
 * is recognised. Each row goes when its period ends.
 */
create table guard.removed_mailboxes (
  mailbox_hash bytea primary key,
  forget_at timestamptz not null
);
create index removed_mailboxes_by_expiry on guard.removed_mailboxes (forget_at);
alter table guard.removed_mailboxes enable row level security;

-- 32 random bytes (two v4 UUIDs' worth of randomness, which core PostgreSQL can make without pgcrypto).
insert into private.secrets (name, value)
values ('mailbox_hash_key', replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''))
on conflict (name) do nothing;

/** The keyed hash of an address's mailbox: SHA-256 over the server's own key and the mailbox key. */
create function guard.mailbox_hash(address text) returns bytea
  language sql stable strict
  security definer
  set search_path = ''
  return sha256(convert_to((select value from private.secrets where name = 'mailbox_hash_key') || ':' || guard.mailbox_key(address), 'UTF8'));

/** True while the address's mailbox is remembered as having left. */
create function guard.mailbox_left(address text) returns boolean
  language sql stable strict
  security definer
  set search_path = ''
  return exists (select from guard.removed_mailboxes where mailbox_hash = guard.mailbox_hash(address) and forget_at > now());

/**
 * Removes a place on the waitlist (its welcome cascades) and remembers its mailbox for the
 * removal_memory period; sweeps a bounded batch of forgotten mailboxes. True when there was a place.
 */
create function guard.remove_place(place_id uuid) returns boolean
  language plpgsql security definer
  set search_path = ''
  as $$
declare
  gone_email text;
  expired bytea;
begin
  for expired in
    select mailbox_hash from guard.removed_mailboxes where forget_at <= now() order by forget_at limit 100 for update skip locked
  loop
    delete from guard.removed_mailboxes where mailbox_hash = expired;
  end loop;
  delete from public.waitlist where id = place_id returning email into gone_email;
  if gone_email is null then
    return false;
  end if;
  insert into guard.removed_mailboxes (mailbox_hash, forget_at)
  select guard.mailbox_hash(gone_email), now() + period from guard.settings where name = 'removal_memory'
  on conflict (mailbox_hash) do update set forget_at = excluded.forget_at;
  return true;
end;
$$;

/**
 * Before each row, as before: trims the address, lowercases its domain, drops one trailing dot.
 * Then a row that breaks any rule of the table goes on to be refused by that rule, listed or not;
 * only a row that would be accepted is skipped without a word when its address is already listed
 * or its mailbox recently left. The rules checked here are the table's own (not null, the
 * canonical address, the role's length, the fixed company size): the integration tests pin every
 * refused body to the same answer for a listed and an unlisted address.
 */
create or replace function guard.waitlist_before_insert() returns trigger
  language plpgsql security definer
  set search_path = ''
  as $$
declare
  at_sign integer;
begin
  new.email := btrim(new.email, E' \t\r\n');
  at_sign := length(new.email) - position('@' in reverse(new.email)) + 1;
  if position('@' in new.email) > 0 then
    new.email := left(new.email, at_sign) || regexp_replace(lower(substr(new.email, at_sign + 1)), '\.$', '');
  end if;
  if new.email is null or new.role is null or new.company_size is null
     or not guard.is_canonical_email(new.email)
     or char_length(btrim(new.role)) not between 1 and 200
     or new.company_size <> 'unknown' then
    return new;
  end if;
  perform pg_advisory_xact_lock(hashtextextended('waitlist:' || lower(new.email), 0));
  if exists (select from public.waitlist where lower(email) = lower(new.email)) or guard.mailbox_left(new.email) then
    return null;
  end if;
  return new;
end;
$$;

/**
 * A welcome request, in one call (the statement of supabase/functions/_shared/welcome/welcome-store.ts):
 * the client's limit first, then the address is looked up. A welcome is recorded for a listed
 * address not welcomed before, with the address as the waitlist keeps it, while its mailbox has
 * room: the per-recipient bound counts welcomes queued to one inbox, so requests for strangers or
 * for an address already welcomed spend nothing. Outcomes: 'limited' (with the seconds to wait),
 * 'recorded', 'already', 'not_listed', 'mailbox_full' (answered as the others are).
 */
create function guard.record_welcome(headers json, address text, greeting_name text, welcome_locale text, consent text)
  returns table (wait integer, outcome text)
  language plpgsql security definer
  set search_path = ''
  as $$
declare
  place record;
begin
  wait := guard.take('welcome_client', guard.client_address(headers));
  if wait > 0 then
    outcome := 'limited';
    return next;
    return;
  end if;
  select id, email into place from public.waitlist where lower(email) = lower(address);
  if not found then
    outcome := 'not_listed';
  else
    perform pg_advisory_xact_lock(hashtextextended('welcome:' || place.id::text, 0));
    if exists (select from public.welcome_emails where waitlist_id = place.id) then
      outcome := 'already';
    elsif guard.take('welcome_recipient', guard.mailbox_key(place.email)) > 0 then
      outcome := 'mailbox_full';
    else
      insert into public.welcome_emails (waitlist_id, email, name, locale, consent_version)
      values (place.id, place.email, greeting_name, welcome_locale, consent);
      outcome := 'recorded';
    end if;
  end if;
  return next;
end;
$$;

drop function guard.take_welcome(json, text);

update guard.limits set meaning = 'welcomes queued per mailbox (guard.mailbox_key)' where bucket = 'welcome_recipient';

revoke all on function guard.mailbox_key(text) from public;
revoke all on function guard.mailbox_hash(text) from public;
revoke all on function guard.mailbox_left(text) from public;
revoke all on function guard.remove_place(uuid) from public;
revoke all on function guard.record_welcome(json, text, text, text, text) from public;
revoke all on table guard.settings, guard.removed_mailboxes from public;

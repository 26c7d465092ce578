-- One place in line per inbox (docs/decisions/0061-one-place-per-inbox.md): the spellings the
-- mailbox key joins for the welcome's bound (Gmail's dots and +tags, googlemail.com, +tags at the
-- providers that ignore them) are one place. A second spelling is answered as a repeat sign-up is
-- (201, no new row: the trigger skips it), and its welcome is the listed place's. Places listed
-- twice before this migration stay as they are; docs/operations.md lists them.

/**
 * Before each insert into the waitlist: the address's domain lowered, the rules of a row, one row
 * per public request, and one place per inbox: a row whose inbox (guard.mailbox_key, any spelling)
 * is listed already, or left the list lately, is skipped without an error, as a repeat is.
 */
create or replace function guard.waitlist_before_insert() returns trigger
  language plpgsql security definer
  set search_path = ''
  as $$
declare
  at_sign integer;
  rows_in_request integer;
  mailbox text;
begin
  new.email := btrim(new.email, E' \t\r\n');
  at_sign := length(new.email) - position('@' in reverse(new.email)) + 1;
  if position('@' in new.email) > 0 then
    new.email := left(new.email, at_sign) || regexp_replace(lower(substr(new.email, at_sign + 1)), '\.$', '');
  end if;
  -- The request's role: this function runs as its owner, but SET ROLE (PostgREST's, the server's) stays visible.
  if current_setting('role', true) in ('anon', 'authenticated') then
    rows_in_request := coalesce(nullif(current_setting('guard.waitlist_rows', true), '')::integer, 0) + 1;
    perform set_config('guard.waitlist_rows', rows_in_request::text, true);
    if rows_in_request > 1 or guard.waitlist_row_problem(new.email, new.role, new.company_size) is not null then
      perform set_config('response.status', '400', true);
      return null;
    end if;
  elsif guard.waitlist_row_problem(new.email, new.role, new.company_size) is not null then
    return new;
  end if;
  mailbox := guard.mailbox_key(new.email);
  -- One lock per inbox: every spelling of it waits for the others, and for its removal (guard.remove_place).
  perform pg_advisory_xact_lock(hashtextextended('mailbox:' || mailbox, 0));
  if exists (select from public.waitlist where guard.mailbox_key(email) = mailbox) or guard.mailbox_left(new.email) then
    return null;
  end if;
  return new;
end;
$$;

/**
 * The welcome function's one call (decision 0033): the client's limit, the consent version, then the
 * place of the address's inbox, any spelling (the one spelled so first, for places listed twice
 * before one place per inbox), its welcome recorded unless it has one or its inbox had its share.
 */
create or replace function guard.record_welcome(
  headers json, address text, greeting_name text, welcome_locale text, consent text, current_consent text
)
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
  perform guard.note_consent_version(current_consent);
  if consent is not null and not exists (select from guard.consent_versions where version = consent) then
    outcome := 'unknown_consent';
    return next;
    return;
  end if;
  select id, email into place from public.waitlist
  where guard.mailbox_key(email) = guard.mailbox_key(address)
  order by lower(email) = lower(address) desc, created_at, id
  limit 1;
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

/**
 * A referral is recorded at the sign-up that carries a code (after the insert, so only of a place
 * that was listed). A spelling of the referrer's own inbox never gets here any more: it is the
 * referrer's place, so its sign-up is a repeat (the own_mailbox refusals of before stay as they are).
 */
create or replace function referrals.place_referred() returns trigger
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
  insert into referrals.referrals (referred_id, referrer_id, network_match)
  values (new.id, referrer.id, referrals.network_match(new.id, referrer.id));
  return null;
end;
$$;

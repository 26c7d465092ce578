-- One canonical address per person (docs/product.md §4.3). The waitlist stores an address only
-- in the form supabase/functions/_shared/welcome/email-address.ts gives it: a plain local@domain, the
-- domain in lowercase ASCII without a trailing dot. Spellings that differ only trivially are
-- normalized here first; anything else that is not plain (display names, comments, groups,
-- quoted local parts, hidden characters, an internationalized domain not yet in punycode) is
-- refused. The form and the welcome function apply the same rule before they call.
--
-- Functions that only the database runs live in the schema guard, which the Data API does not
-- expose (its schemas are public and graphql_public), so none of them is callable over /rpc.

create schema if not exists guard;
revoke all on schema guard from public;

-- The grammar of email-address.ts for an address already in canonical form.
create function guard.is_canonical_email(address text) returns boolean
  language sql immutable strict parallel safe
  set search_path = ''
  return char_length(address) <= 254
    and char_length(split_part(address, '@', 1)) <= 64
    and address ~ '^[A-Za-z0-9!#$%&''*+/=?^_`{|}~-]+(\.[A-Za-z0-9!#$%&''*+/=?^_`{|}~-]+)*@([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$'
    -- A top-level label of digits only would be an IP address, not a mail domain.
    and split_part(address, '.', -1) !~ '^[0-9]+$';

-- Rows from before this migration keep their old check; every new or changed row meets this one.
-- (After cleaning old rows by hand: alter table public.waitlist validate constraint waitlist_email_canonical.)
alter table public.waitlist drop constraint waitlist_email_format;
alter table public.waitlist
  add constraint waitlist_email_canonical check (guard.is_canonical_email(email)) not valid;

/**
 * Before each row: trims the address, lowercases its domain and drops one trailing dot (the
 * differences a person does not see), then skips the row without a word when the address is
 * already listed. A repeat sign-up therefore answers exactly as a first one does (201), so the
 * insert never tells a stranger whether an address is on the list. The advisory lock makes two
 * concurrent sign-ups of one address wait for each other, so the second one sees the first.
 * Security definer: anon may insert but not read the list, and this check has to read it.
 */
create function guard.waitlist_before_insert() returns trigger
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
  perform pg_advisory_xact_lock(hashtextextended('waitlist:' || lower(new.email), 0));
  if exists (select from public.waitlist where lower(email) = lower(new.email)) then
    return null;
  end if;
  return new;
end;
$$;

create trigger waitlist_before_insert
  before insert on public.waitlist
  for each row execute function guard.waitlist_before_insert();

/**
 * After each statement: the public roles add one person per request. A request carrying an
 * array of rows (PostgREST inserts a JSON array in one statement) is refused whole.
 */
create function guard.waitlist_one_row_per_request() returns trigger
  language plpgsql
  set search_path = ''
  as $$
begin
  if current_user in ('anon', 'authenticated') and (select count(*) from added) > 1 then
    raise exception 'A sign-up adds one address per request.'
      using errcode = '22023', hint = 'Send one object, not an array.';
  end if;
  return null;
end;
$$;

create trigger waitlist_one_row_per_request
  after insert on public.waitlist
  referencing new table as added
  for each statement execute function guard.waitlist_one_row_per_request();

revoke all on all functions in schema guard from public;
-- The check constraint runs with the inserting role's rights.
grant execute on function guard.is_canonical_email(text) to anon, authenticated, service_role;

-- A refused sign-up counts on hosted Supabase too (docs/product.md §4.6, decision 0037).
--
-- PostgREST runs its pre-request hook (guard.check_request, which counts the request against the
-- client's sign-up limit) and the insert in one transaction, and rolls both back when the insert
-- raises an error: a refused insert used to cost nothing there (decision 0035 counted it only on the
-- self-hosted server, in a second statement). A sign-up from the public roles that breaks a rule is
-- now refused without an error: the row is skipped and PostgREST's response.status setting says 400,
-- which PostgREST answers (with an empty body) after committing the transaction, count included.
-- The self-hosted server reads the same setting (server/supabase/rest-routes.ts).
--
-- The table's rules move into one function, which both the insert trigger and the CHECK constraint
-- call: the trigger no longer names them a second time.

/** What a waitlist row breaks, or null: the address's form, the role's length, the fixed company size. */
create function guard.waitlist_row_problem(email text, role text, company_size text) returns text
  language sql immutable parallel safe
  set search_path = ''
  return case
    when email is null or not guard.is_canonical_email(email) then 'email'
    when role is null or char_length(btrim(role)) not between 1 and 200 then 'role'
    when company_size is null or company_size <> 'unknown' then 'company_size'
  end;

-- Rows older than migration 20261123100000 may break the address's rule: the constraint stays
-- unchecked for them, as waitlist_email_canonical was.
alter table public.waitlist
  drop constraint waitlist_email_canonical,
  drop constraint waitlist_role_length,
  drop constraint waitlist_company_size_unknown,
  add constraint waitlist_row_rules check (guard.waitlist_row_problem(email, role, company_size) is null) not valid;

/** Before each insert statement: no row of this request seen yet. */
create function guard.waitlist_request_begins() returns trigger
  language plpgsql
  set search_path = ''
  as $$
begin
  perform set_config('guard.waitlist_rows', '0', true);
  return null;
end;
$$;

create trigger waitlist_request_begins
  before insert on public.waitlist
  for each statement execute function guard.waitlist_request_begins();

/**
 * Before each row: the address trimmed, its domain lowercased, one trailing dot dropped, as before.
 * A public-role row that breaks a rule, or that is not the request's first (one person per
 * request), is skipped and answered 400 through response.status, listed or not, so its count
 * stands. The server's own rows that break a rule go on to the CHECK constraint, which raises.
 * Only then, as before, a row whose address is listed or whose mailbox recently left is skipped
 * without a word (201).
 */
create or replace function guard.waitlist_before_insert() returns trigger
  language plpgsql security definer
  set search_path = ''
  as $$
declare
  at_sign integer;
  rows_in_request integer;
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
  -- One lock per inbox: every spelling of it waits for the others, and for its removal (guard.remove_place).
  perform pg_advisory_xact_lock(hashtextextended('mailbox:' || guard.mailbox_key(new.email), 0));
  if exists (select from public.waitlist where lower(email) = lower(new.email)) or guard.mailbox_left(new.email) then
    return null;
  end if;
  return new;
end;
$$;

/**
 * After each statement: a public-role request that carried more than one row (PostgREST inserts a
 * JSON array in one statement) keeps none of them. Its second row was already answered 400 (above);
 * the first, inserted by then, is deleted here rather than refused with an error, for the same reason.
 */
create or replace function guard.waitlist_one_row_per_request() returns trigger
  language plpgsql security definer
  set search_path = ''
  as $$
begin
  if current_setting('role', true) in ('anon', 'authenticated')
     and coalesce(nullif(current_setting('guard.waitlist_rows', true), '')::integer, 0) > 1 then
    delete from public.waitlist where id in (select id from added);
  end if;
  return null;
end;
$$;

revoke all on function guard.waitlist_row_problem(text, text, text) from public;
revoke all on function guard.waitlist_request_begins() from public;
-- The check constraint runs with the inserting role's rights.
grant execute on function guard.waitlist_row_problem(text, text, text) to anon, authenticated, service_role;

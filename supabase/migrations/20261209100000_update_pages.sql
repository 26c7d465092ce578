-- An update narrowed by the page signed up on (issue 40, docs/decisions/0070-updates.md): the filter's
-- `pages` key, a list of page document ids (as the report's `page` names a page, decision 0078), picks
-- the people whose form was on one of them (waitlist.signup_page, 20261207090100); a place whose page
-- was never said is on none. Both functions as 20261206090000 made them, with the one line each.

/**
 * Checks the tool's filter: an object whose keys narrow the recipients (each a list of 1 to 50
 * values, any of which matches; a key left out narrows nothing).
 */
create or replace function updates.check_filter(p_filter jsonb) returns void
  language plpgsql immutable
  set search_path = ''
  as $$
declare
  key text;
  value jsonb;
begin
  if p_filter is null or jsonb_typeof(p_filter) <> 'object' then
    raise exception 'a filter is an object' using errcode = '22023';
  end if;
  for key, value in select * from jsonb_each(p_filter) loop
    if key not in ('locales', 'states', 'sources', 'campaigns', 'pages') then
      raise exception 'no filter %', key using errcode = '22023';
    end if;
    if jsonb_typeof(value) <> 'array' or jsonb_array_length(value) not between 1 and 50
       or exists (select from jsonb_array_elements(value) as item where jsonb_typeof(item) <> 'string') then
      raise exception 'the filter % is a list of 1 to 50 texts', key using errcode = '22023';
    end if;
  end loop;
  if exists (select from jsonb_array_elements_text(p_filter -> 'locales') as v where v not in ('pt', 'en'))
     or exists (select from jsonb_array_elements_text(p_filter -> 'states') as v where v not in ('waiting', 'invited', 'activated')) then
    raise exception 'a language is pt or en, a state waiting, invited or activated' using errcode = '22023';
  end if;
end;
$$;

/**
 * The people an update with p_filter goes to: confirmed (double opt-in is the consent), in the
 * filter (a key left out narrows nothing), their inbox never refused mail for good. Removed and
 * erased people have no place. One pass of joins (the name and language as invites.name_of and
 * invites.locale_of say them), in PL/pgSQL so that it is planned once, and with no helper called
 * per person unless its key is in the filter (decision 0054): 100,000 people are frozen in seconds.
 */
create or replace function updates.audience(p_filter jsonb) returns table (waitlist_id uuid, email text, name text, locale text)
  language plpgsql stable
  set search_path = ''
  as $$
begin
  return query
  with refused as materialized (select mailbox_hash from guard.undeliverable_mailboxes),
  secret as materialized (select convert_to(s.value || ':', 'UTF8') as key from private.secrets as s where s.name = 'mailbox_hash_key'),
  person as (
    select w, coalesce(welcome.name, '-') as name,
           coalesce(welcome.locale, w.consent_locale, w.signup_locale, 'pt') as locale,
           case when i.waitlist_id is null then 'waiting' when i.activated_at is null then 'invited' else 'activated' end as state
    from public.waitlist as w
    left join public.welcome_emails as welcome on welcome.waitlist_id = w.id and welcome.kind = 'welcome' and welcome.update_id is null
    left join invites.invitations as i on i.waitlist_id = w.id
    where w.confirmed_at is not null
  )
  select (p.w).id, (p.w).email, p.name, p.locale
  from person as p
  where (not (p_filter ? 'locales') or (p_filter -> 'locales') ? p.locale)
    and (not (p_filter ? 'states') or (p_filter -> 'states') ? p.state)
    -- updates.source_of, written out: a call per person would cost more than the freeze.
    and (not (p_filter ? 'sources') or (p_filter -> 'sources') ? case when (p.w).signup_locale is null then '(unknown)'
           else coalesce((p.w).utm_source, (p.w).ref, (p.w).referrer_host, '(direct)') end)
    and (not (p_filter ? 'campaigns') or (p_filter -> 'campaigns') ? coalesce((p.w).utm_campaign, ''))
    -- A place whose page was never said (null) is on no page.
    and (not (p_filter ? 'pages') or coalesce((p_filter -> 'pages') ? (p.w).signup_page, false))
    -- guard.mailbox_hash, with its key read once rather than per person.
    and (not exists (select from refused)
         or sha256((select key from secret) || convert_to(guard.mailbox_key((p.w).email), 'UTF8')) not in (select mailbox_hash from refused));
end;
$$;

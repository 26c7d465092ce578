-- Every page measured (docs/product.md §8, docs/decisions/0078-counted-per-page.md): page views, form
-- starts and sign-ups are attributed to the page they happened on, a page being its document's id
-- (both its languages, and every slug it has had). The report gains a `page` filter and `by_page`.
--
-- Built on the report at a million (20261205120000_steps_rolled_up_by_day.sql, decision 0081): the
-- page is one more dimension of its rollups and live counts, never a read of a row per visitor or place.
-- - A visit keeps its first page's dimensions (20261125110000_analytics.sql); beside it, one row per
--   page the visitor saw that day (analytics.page_visits: its views and the form starts made on it,
--   under the same day's visitor hash and gone with it), so that a visitor counts once per page. As
--   they are written, they are counted per day, page and the visit's dimensions
--   (analytics.live_page_visits), as the sweep rolls them up once the day's salt goes
--   (analytics.daily_page_visits). The report reads those counts.
-- - A sign-up says which page its form was on (waitlist.signup_page, sent with the insert by the sign-up
--   code as the rest of its attribution, 20261125110100): one more bounded column, no more work for the
--   insert (decision 0054); its steps carry it, from the row while the place is listed, recorded when it
--   goes, and rolled up with the closed day's steps (analytics.daily_steps.page).

alter table public.waitlist
  add column signup_page text constraint waitlist_signup_page_known check (signup_page ~ '^[A-Za-z0-9_-]{1,128}$');
comment on column public.waitlist.signup_page is 'The page (its Sanity document id) whose form the person signed up from, if said.';
grant insert (signup_page) on table public.waitlist to anon, authenticated;

/** One row per visitor, day and page seen: its views and the form starts made on it. Deleted with the day's salt. */
create table analytics.page_visits (
  day date not null,
  visitor bytea not null check (octet_length(visitor) = 16),
  page text not null check (page ~ '^[A-Za-z0-9_-]{1,128}$'),
  page_views integer not null check (page_views > 0),
  form_starts integer not null default 0 check (form_starts >= 0),
  primary key (day, visitor, page)
);

/**
 * The page visits of the days whose visitor rows live, counted as they are written per day, page and
 * the visit's dimensions (what analytics.live_visits is to the visits): the report reads these.
 */
create table analytics.live_page_visits (
  day date not null,
  page text not null,
  language text not null,
  entry_page text not null,
  referrer_host text,
  utm_source text,
  utm_medium text,
  utm_campaign text,
  ref text,
  device text not null,
  visitors integer not null check (visitors >= 0),
  page_views integer not null check (page_views >= 0),
  form_starters integer not null check (form_starters >= 0),
  unique nulls not distinct (day, page, language, entry_page, referrer_host, utm_source, utm_medium, utm_campaign, ref, device)
);

/** The page visits of days whose salt is gone: counts per day, page and the visit's dimensions, no visitor. */
create table analytics.daily_page_visits (
  day date not null,
  page text not null,
  language text not null,
  entry_page text not null,
  referrer_host text,
  utm_source text,
  utm_medium text,
  utm_campaign text,
  ref text,
  device text not null,
  visitors integer not null check (visitors > 0),
  page_views integer not null check (page_views > 0),
  form_starters integer not null check (form_starters >= 0)
);
create index daily_page_visits_by_day on analytics.daily_page_visits (day);
-- The report under a page filter reads that page's days alone.
create index daily_page_visits_by_page on analytics.daily_page_visits (page, day);

alter table analytics.page_visits enable row level security;
alter table analytics.live_page_visits enable row level security;
alter table analytics.daily_page_visits enable row level security;

alter table analytics.recorded_steps add column page text;
-- The days rolled up before this migration had no page: their steps stay on none.
alter table analytics.daily_steps add column page text;

/** The sign-up's page travels with its steps: recorded with the others when a place goes. */
create or replace function analytics.record_steps_of_a_place() returns trigger
  language plpgsql security definer
  set search_path = ''
  as $$
begin
  insert into analytics.recorded_steps (day, step, language, device, referrer_host, utm_source, utm_medium, utm_campaign, ref, page)
  select day, step, old.signup_locale, old.signup_device, old.referrer_host, old.utm_source, old.utm_medium, old.utm_campaign,
         old.ref, old.signup_page
  from (
    select analytics.utc_day(old.created_at) as day, 'signup' as step
    union all
    select analytics.utc_day(welcome.created_at), 'welcome'
    from public.welcome_emails as welcome where welcome.waitlist_id = old.id and welcome.kind = 'welcome'
    union all
    select analytics.utc_day(old.confirmed_at), 'confirmation' where old.confirmed_at is not null
    union all
    select analytics.utc_day(now()), 'removal'
    where current_setting('pulso.deleting_places', true) is distinct from 'expired'
  ) as steps;
  return old;
end;
$$;

/** The steps of the places still listed (20261205120000's, their days as its indexes hold them), with the sign-up's page. */
create or replace view analytics.living_steps as
  select (place.created_at at time zone 'UTC')::date as day, 'signup' as step, place.signup_locale as language,
         place.signup_device as device, place.referrer_host, place.utm_source, place.utm_medium, place.utm_campaign, place.ref,
         place.signup_page as page
  from public.waitlist as place
  union all
  select (welcome.created_at at time zone 'UTC')::date, 'welcome', place.signup_locale, place.signup_device,
         place.referrer_host, place.utm_source, place.utm_medium, place.utm_campaign, place.ref, place.signup_page
  from public.welcome_emails as welcome join public.waitlist as place on place.id = welcome.waitlist_id
  where welcome.kind = 'welcome'
  union all
  select (place.confirmed_at at time zone 'UTC')::date, 'confirmation', place.signup_locale, place.signup_device,
         place.referrer_host, place.utm_source, place.utm_medium, place.utm_campaign, place.ref, place.signup_page
  from public.waitlist as place
  where place.confirmed_at is not null;

create or replace view analytics.signup_steps as
  select day, step, language, device, referrer_host, utm_source, utm_medium, utm_campaign, ref, page from analytics.recorded_steps
  union all
  select day, step, language, device, referrer_host, utm_source, utm_medium, utm_campaign, ref, page from analytics.living_steps;

/** Adds to the live counts of the page visits' days, pages and dimensions (analytics.add_live_visits' twin for pages), in key order. */
create function analytics.add_live_page_visits(p_counts jsonb) returns void
  language plpgsql security definer
  set search_path = ''
  as $$
begin
  insert into analytics.live_page_visits as live
    (day, page, language, entry_page, referrer_host, utm_source, utm_medium, utm_campaign, ref, device, visitors, page_views,
     form_starters)
  select day, page, language, entry_page, referrer_host, utm_source, utm_medium, utm_campaign, ref, device,
         sum(visitors), sum(page_views), sum(form_starters)
  from jsonb_to_recordset(p_counts) as c(
    day date, page text, language text, entry_page text, referrer_host text, utm_source text, utm_medium text,
    utm_campaign text, ref text, device text, visitors integer, page_views integer, form_starters integer)
  group by day, page, language, entry_page, referrer_host, utm_source, utm_medium, utm_campaign, ref, device
  order by day, page, language, entry_page, referrer_host, utm_source, utm_medium, utm_campaign, ref, device
  on conflict (day, page, language, entry_page, referrer_host, utm_source, utm_medium, utm_campaign, ref, device)
  do update set visitors = live.visitors + excluded.visitors, page_views = live.page_views + excluded.page_views,
                form_starters = live.form_starters + excluded.form_starters;
end;
$$;

/**
 * The counting of 20261205120000, and each visit's pages: one element per visitor and day, each with
 * the pages it saw, `pages`: [{page, page_views}] (none from an older server: its views count on the
 * visit alone). A page's row is written only beside its visit, whose first dimensions it is counted by.
 */
create or replace function public.analytics_count_visits(p_visits jsonb) returns integer
  language plpgsql security definer
  set search_path = ''
  as $$
declare
  counted jsonb;
  pages_counted jsonb;
begin
  with given as (
    select v.day, decode(v.visitor, 'hex') as visitor, v.language, v.entry_page, v.referrer_host, v.utm_source,
           v.utm_medium, v.utm_campaign, v.ref, v.device, v.page_views
    from jsonb_to_recordset(p_visits) as v(
      day date, visitor text, language text, entry_page text, referrer_host text, utm_source text, utm_medium text,
      utm_campaign text, ref text, device text, page_views integer)
  ), written as (
    insert into analytics.visits as visit
      (day, visitor, language, entry_page, referrer_host, utm_source, utm_medium, utm_campaign, ref, device, page_views)
    select day, visitor, language, entry_page, referrer_host, utm_source, utm_medium, utm_campaign, ref, device, page_views
    from given
    where exists (select from analytics.salts s where s.day = given.day)
    on conflict (day, visitor) do update set page_views = visit.page_views + excluded.page_views
    -- xmax is 0 on a row this statement inserted: a new visitor; else the visitor's first dimensions stay.
    returning visit.day, visit.visitor, visit.language, visit.entry_page, visit.referrer_host, visit.utm_source,
              visit.utm_medium, visit.utm_campaign, visit.ref, visit.device, (visit.xmax = 0) as new_visitor
  )
  select coalesce(jsonb_agg(jsonb_build_object(
           'day', written.day, 'language', written.language, 'entry_page', written.entry_page,
           'referrer_host', written.referrer_host, 'utm_source', written.utm_source, 'utm_medium', written.utm_medium,
           'utm_campaign', written.utm_campaign, 'ref', written.ref, 'device', written.device,
           'visitors', written.new_visitor::integer, 'page_views', given.page_views, 'form_starters', 0)), '[]'::jsonb)
  into counted
  from written join given on given.day = written.day and given.visitor = written.visitor;
  perform analytics.add_live_visits(counted);

  -- A statement of its own, so that it sees the visits just written.
  with given as (
    select v.day, decode(v.visitor, 'hex') as visitor, p.page, p.page_views
    from jsonb_to_recordset(p_visits) as v(day date, visitor text, pages jsonb)
    cross join lateral jsonb_to_recordset(coalesce(v.pages, '[]'::jsonb)) as p(page text, page_views integer)
  ), written as (
    insert into analytics.page_visits as seen (day, visitor, page, page_views)
    select day, visitor, page, page_views from given
    where exists (select from analytics.visits as visit where visit.day = given.day and visit.visitor = given.visitor)
    on conflict (day, visitor, page) do update set page_views = seen.page_views + excluded.page_views
    returning seen.day, seen.visitor, seen.page, (seen.xmax = 0) as new_visitor
  )
  select coalesce(jsonb_agg(jsonb_build_object(
           'day', written.day, 'page', written.page, 'language', visit.language, 'entry_page', visit.entry_page,
           'referrer_host', visit.referrer_host, 'utm_source', visit.utm_source, 'utm_medium', visit.utm_medium,
           'utm_campaign', visit.utm_campaign, 'ref', visit.ref, 'device', visit.device,
           'visitors', written.new_visitor::integer, 'page_views', given.page_views, 'form_starters', 0)), '[]'::jsonb)
  into pages_counted
  from written
  join given on given.day = written.day and given.visitor = written.visitor and given.page = written.page
  join analytics.visits as visit on visit.day = written.day and visit.visitor = written.visitor;
  perform analytics.add_live_page_visits(pages_counted);
  return jsonb_array_length(counted);
end;
$$;

/**
 * The form starts of 20261205120000, each on the page it was made on when it says (`page`): counted on
 * the visit, and on that page's row of the same visit when the visitor saw it (a start on a page with
 * no counted view of it counts on the visit alone). A visit's first start, and a page row's, go to the
 * live counts.
 */
create or replace function public.analytics_count_form_starts(p_starts jsonb) returns integer
  language plpgsql security definer
  set search_path = ''
  as $$
declare
  start record;
  found_visits integer := 0;
  visit record;
  page_starts integer;
  first_starts jsonb := '[]'::jsonb;
  first_page_starts jsonb := '[]'::jsonb;
begin
  for start in
    select * from jsonb_to_recordset(p_starts) as s(day date, visitor text, previous_visitor text, form_starts integer, page text)
  loop
    update analytics.visits as v set form_starts = v.form_starts + start.form_starts
    where v.day = start.day and v.visitor = decode(start.visitor, 'hex')
    returning v.* into visit;
    if not found and start.previous_visitor is not null then
      update analytics.visits as v set form_starts = v.form_starts + start.form_starts
      where v.day = start.day - 1 and v.visitor = decode(start.previous_visitor, 'hex')
      returning v.* into visit;
    end if;
    if found then
      found_visits := found_visits + 1;
      if start.form_starts > 0 and visit.form_starts = start.form_starts then
        first_starts := first_starts || jsonb_build_object(
          'day', visit.day, 'language', visit.language, 'entry_page', visit.entry_page,
          'referrer_host', visit.referrer_host, 'utm_source', visit.utm_source, 'utm_medium', visit.utm_medium,
          'utm_campaign', visit.utm_campaign, 'ref', visit.ref, 'device', visit.device,
          'visitors', 0, 'page_views', 0, 'form_starters', 1);
      end if;
      if start.page is not null and start.form_starts > 0 then
        update analytics.page_visits as seen set form_starts = seen.form_starts + start.form_starts
        where seen.day = visit.day and seen.visitor = visit.visitor and seen.page = start.page
        returning seen.form_starts into page_starts;
        if found and page_starts = start.form_starts then
          first_page_starts := first_page_starts || jsonb_build_object(
            'day', visit.day, 'page', start.page, 'language', visit.language, 'entry_page', visit.entry_page,
            'referrer_host', visit.referrer_host, 'utm_source', visit.utm_source, 'utm_medium', visit.utm_medium,
            'utm_campaign', visit.utm_campaign, 'ref', visit.ref, 'device', visit.device,
            'visitors', 0, 'page_views', 0, 'form_starters', 1);
        end if;
      end if;
    end if;
  end loop;
  perform analytics.add_live_visits(first_starts);
  perform analytics.add_live_page_visits(first_page_starts);
  return found_visits;
end;
$$;

/** The closed days' steps (20261205120000's roll_up_steps), rolled up by their page too. */
create or replace function analytics.roll_up_steps(p_from date) returns integer
  language plpgsql security definer
  set search_path = ''
  as $$
declare
  closed_before date := analytics.utc_day(now() - interval '1 hour');
  days date[];
  rolled integer;
begin
  perform pg_advisory_xact_lock(hashtext('analytics.roll_up_steps'));
  days := array(
    select calendar.day::date from generate_series(p_from, closed_before - 1, interval '1 day') as calendar(day)
    where not exists (select from analytics.rolled_step_days as done where done.day = calendar.day::date));
  with counted as (
    insert into analytics.daily_steps
      (day, step, language, device, referrer_host, utm_source, utm_medium, utm_campaign, ref, page, places)
    select day, step, language, device, referrer_host, utm_source, utm_medium, utm_campaign, ref, page, count(*)
    from analytics.signup_steps
    where day = any(days)
    group by day, step, language, device, referrer_host, utm_source, utm_medium, utm_campaign, ref, page
    returning day
  )
  insert into analytics.rolled_step_days (day) select distinct day from counted;
  get diagnostics rolled = row_count;
  return rolled;
end;
$$;

/** The sweep of 20261205120000, rolling up and deleting the page visits of the days whose salt goes too. */
create or replace function public.analytics_sweep(p_now timestamptz, p_retention_months integer) returns jsonb
  language plpgsql security definer
  set search_path = ''
  as $$
declare
  oldest_kept date := analytics.utc_day(p_now) - 1;
  retained_from date := analytics.utc_day(p_now - make_interval(months => p_retention_months));
  salts_deleted integer;
  visits_rolled_up integer;
  aggregates_deleted integer;
  page_aggregates_deleted integer;
  steps_deleted integer;
  step_days_rolled_up integer;
begin
  if p_retention_months is null or p_retention_months < 1 then
    raise exception 'Aggregates are kept at least one month.' using errcode = '22023';
  end if;
  -- Pages first, while their visits (and the dimensions they hold) are still there.
  with gone as (
    delete from analytics.page_visits where day < oldest_kept returning *
  )
  insert into analytics.daily_page_visits
    (day, page, language, entry_page, referrer_host, utm_source, utm_medium, utm_campaign, ref, device, visitors, page_views,
     form_starters)
  select gone.day, gone.page, visit.language, visit.entry_page, visit.referrer_host, visit.utm_source, visit.utm_medium,
         visit.utm_campaign, visit.ref, visit.device, count(*), sum(gone.page_views), count(*) filter (where gone.form_starts > 0)
  from gone join analytics.visits as visit on visit.day = gone.day and visit.visitor = gone.visitor
  group by gone.day, gone.page, visit.language, visit.entry_page, visit.referrer_host, visit.utm_source, visit.utm_medium,
           visit.utm_campaign, visit.ref, visit.device;
  with gone as (
    delete from analytics.visits where day < oldest_kept returning *
  ), rolled_up as (
    insert into analytics.daily_visits
      (day, language, entry_page, referrer_host, utm_source, utm_medium, utm_campaign, ref, device, visitors, page_views, form_starters)
    select day, language, entry_page, referrer_host, utm_source, utm_medium, utm_campaign, ref, device,
           count(*), sum(page_views), count(*) filter (where form_starts > 0)
    from gone
    group by day, language, entry_page, referrer_host, utm_source, utm_medium, utm_campaign, ref, device
    returning visitors
  )
  select coalesce(sum(visitors), 0) into visits_rolled_up from rolled_up;
  delete from analytics.live_visits where day < oldest_kept;
  delete from analytics.live_page_visits where day < oldest_kept;
  delete from analytics.salts where day < oldest_kept;
  get diagnostics salts_deleted = row_count;
  delete from analytics.daily_visits where day < retained_from;
  get diagnostics aggregates_deleted = row_count;
  delete from analytics.daily_page_visits where day < retained_from;
  get diagnostics page_aggregates_deleted = row_count;
  delete from analytics.recorded_steps where day < retained_from;
  get diagnostics steps_deleted = row_count;
  -- A day past the retention is read from the rows still there again, as before it was rolled up.
  delete from analytics.rolled_step_days where day < retained_from;
  delete from analytics.daily_steps where day < retained_from;
  step_days_rolled_up := analytics.roll_up_steps(retained_from);
  return jsonb_build_object(
    'salts_deleted', salts_deleted,
    'visits_rolled_up', visits_rolled_up,
    'aggregates_deleted', aggregates_deleted + page_aggregates_deleted + steps_deleted,
    'step_days_rolled_up', step_days_rolled_up);
end;
$$;

/**
 * The report of 20261205120000 with a `page` filter and `by_page` (docs/launch-api.md). p_filters may
 * hold "language", "source", "campaign" ("(none)": none), "device", "entry_page" and "page" (a page's
 * document id), each a string. Under a page filter, visitors, page views and form starts are that
 * page's (its visitors, its views, the starts made on it) and the sign-up steps those whose form was on
 * it; the other filters apply to a page's visits by their visit's dimensions. `by_page` lists each page
 * of the range with its visitors, views, form starts, sign-ups, confirmations and conversion (sign-ups
 * over visitors). Everything is read from counts per day (live or rolled up), none from a visitor's row.
 */
create or replace function analytics.report(p_from date, p_to date, p_filters jsonb default '{}') returns jsonb
  language plpgsql stable security definer
  set search_path = ''
  as $$
declare
  filters jsonb := coalesce(p_filters, '{}'::jsonb);
  days_long integer := p_to - p_from + 1;
  previous_from date := p_from - (p_to - p_from + 1);
  steps_apply boolean := not (coalesce(p_filters, '{}'::jsonb) ? 'entry_page');
  page_filter text := coalesce(p_filters, '{}'::jsonb) ->> 'page';
  -- The days of the range whose steps are not rolled up (today, a day not yet swept, a day with none).
  live_days date[];
  wrong text;
  answer jsonb;
begin
  if p_from is null or p_to is null or p_to < p_from or p_to - p_from >= 800 then
    raise exception 'A report covers 1 to 800 days, from p_from to p_to.' using errcode = '22023';
  end if;
  if jsonb_typeof(filters) <> 'object' then
    raise exception 'Filters are a JSON object.' using errcode = '22023';
  end if;
  select key into wrong from jsonb_each(filters)
  where key not in ('language', 'source', 'campaign', 'device', 'entry_page', 'page') or jsonb_typeof(value) <> 'string'
  limit 1;
  if wrong is not null then
    raise exception 'Unknown filter, or not a string: %', wrong using errcode = '22023';
  end if;
  live_days := array(
    select calendar.day::date from generate_series(previous_from, p_to, interval '1 day') as calendar(day)
    where not exists (select from analytics.rolled_step_days as rolled where rolled.day = calendar.day::date));

  -- The page counts are read where they are used, not shared in one CTE: each read then takes its own
  -- days and page through the indexes (a shared CTE is materialized whole, then filtered).
  with visit_rows as (
    select day, language, entry_page, referrer_host, utm_source, utm_campaign, ref, device,
           visitors, page_views, form_starters
    from analytics.live_visits where day between previous_from and p_to and page_filter is null
    union all
    select day, language, entry_page, referrer_host, utm_source, utm_campaign, ref, device,
           visitors, page_views, form_starters
    from analytics.daily_visits where day between previous_from and p_to and page_filter is null
    union all
    select day, language, entry_page, referrer_host, utm_source, utm_campaign, ref, device,
           visitors, page_views, form_starters
    from analytics.live_page_visits where page = page_filter and day between previous_from and p_to
    union all
    select day, language, entry_page, referrer_host, utm_source, utm_campaign, ref, device,
           visitors, page_views, form_starters
    from analytics.daily_page_visits where page = page_filter and day between previous_from and p_to
  ), visits as (
    select * from (
      select day, visitors, page_views, form_starters, language, entry_page, device,
             analytics.source_of(utm_source, ref, referrer_host) as source, coalesce(utm_campaign, '(none)') as campaign
      from visit_rows
    ) attributed
    where (filters ->> 'language' is null or language = filters ->> 'language')
      and (filters ->> 'source' is null or source = filters ->> 'source')
      and (filters ->> 'campaign' is null or campaign = filters ->> 'campaign')
      and (filters ->> 'device' is null or device = filters ->> 'device')
      and (filters ->> 'entry_page' is null or entry_page = filters ->> 'entry_page')
  ), page_rows as (
    select page, language, entry_page, referrer_host, utm_source, utm_campaign, ref, device, visitors, page_views, form_starters
    from analytics.live_page_visits where day between p_from and p_to and (page_filter is null or page = page_filter)
    union all
    select page, language, entry_page, referrer_host, utm_source, utm_campaign, ref, device, visitors, page_views, form_starters
    from analytics.daily_page_visits where day between p_from and p_to and (page_filter is null or page = page_filter)
  ), pages as (
    select * from (
      select page, visitors, page_views, form_starters, language, entry_page, device,
             analytics.source_of(utm_source, ref, referrer_host) as source, coalesce(utm_campaign, '(none)') as campaign
      from page_rows
    ) attributed
    where (filters ->> 'language' is null or language = filters ->> 'language')
      and (filters ->> 'source' is null or source = filters ->> 'source')
      and (filters ->> 'campaign' is null or campaign = filters ->> 'campaign')
      and (filters ->> 'device' is null or device = filters ->> 'device')
      and (filters ->> 'entry_page' is null or entry_page = filters ->> 'entry_page')
  ), step_rows as (
    select day, step, language, device, referrer_host, utm_source, utm_campaign, ref, page, places
    from analytics.daily_steps where day between previous_from and p_to and steps_apply
    union all
    select day, step, language, device, referrer_host, utm_source, utm_campaign, ref, page, 1
    from analytics.signup_steps where day = any(live_days) and steps_apply
  ), steps as (
    select * from (
      select day, step, language, device, page, places,
             case when language is null then '(unknown)' else analytics.source_of(utm_source, ref, referrer_host) end as source,
             coalesce(utm_campaign, '(none)') as campaign
      from step_rows
    ) attributed
    where (filters ->> 'language' is null or language = filters ->> 'language')
      and (filters ->> 'source' is null or source = filters ->> 'source')
      and (filters ->> 'campaign' is null or campaign = filters ->> 'campaign')
      and (filters ->> 'device' is null or device = filters ->> 'device')
      and (page_filter is null or page = page_filter)
  ), visit_days as (
    select day, sum(visitors)::integer as visitors, sum(page_views)::integer as page_views,
           sum(form_starters)::integer as form_starts
    from visits group by day
  ), step_days as (
    select day,
           coalesce(sum(places) filter (where step = 'signup'), 0)::integer as signups,
           coalesce(sum(places) filter (where step = 'welcome'), 0)::integer as welcomes,
           coalesce(sum(places) filter (where step = 'confirmation'), 0)::integer as confirmations,
           coalesce(sum(places) filter (where step = 'removal'), 0)::integer as removals
    from steps group by day
  ), series as (
    select calendar.day, calendar.day >= p_from as current,
           coalesce(v.visitors, 0) as visitors, coalesce(v.page_views, 0) as page_views,
           coalesce(v.form_starts, 0) as form_starts,
           case when steps_apply then coalesce(s.signups, 0) end as signups,
           case when steps_apply then coalesce(s.welcomes, 0) end as welcomes,
           case when steps_apply then coalesce(s.confirmations, 0) end as confirmations,
           case when steps_apply then coalesce(s.removals, 0) end as removals
    from (select generate_series(previous_from, p_to, interval '1 day')::date as day) calendar
    left join visit_days v on v.day = calendar.day
    left join step_days s on s.day = calendar.day
  ), totals as (
    select current,
           sum(visitors)::integer as visitors, sum(page_views)::integer as page_views,
           sum(form_starts)::integer as form_starts, sum(signups)::integer as signups,
           sum(welcomes)::integer as welcomes, sum(confirmations)::integer as confirmations,
           sum(removals)::integer as removals
    from series group by current
  ), funnel as (
    select ordinality, step, n,
           lag(n) over (order by ordinality) as previous_n,
           first_value(n) over (order by ordinality) as first_n
    from totals,
         unnest(array['visitors', 'form_starts', 'signups', 'welcomes', 'confirmations'],
                array[visitors, form_starts, signups, welcomes, confirmations]) with ordinality as f(step, n, ordinality)
    where totals.current
  ), by_source as (
    select source, sum(visitors)::integer as visitors, sum(signups)::integer as signups,
           sum(confirmations)::integer as confirmations
    from (
      select source, visitors, 0 as signups, 0 as confirmations from visits where day >= p_from
      union all
      select source, 0, case when step = 'signup' then places else 0 end,
             case when step = 'confirmation' then places else 0 end from steps where day >= p_from
    ) counted
    group by source
  ), by_campaign as (
    select campaign, sum(visitors)::integer as visitors, sum(signups)::integer as signups,
           sum(confirmations)::integer as confirmations
    from (
      select campaign, visitors, 0 as signups, 0 as confirmations from visits where day >= p_from
      union all
      select campaign, 0, case when step = 'signup' then places else 0 end,
             case when step = 'confirmation' then places else 0 end from steps where day >= p_from
    ) counted
    group by campaign
  ), by_page as (
    select page, sum(visitors)::integer as visitors, sum(page_views)::integer as page_views,
           sum(form_starters)::integer as form_starts, sum(signups)::integer as signups,
           sum(confirmations)::integer as confirmations
    from (
      select page, visitors, page_views, form_starters, 0 as signups, 0 as confirmations from pages
      union all
      select page, 0, 0, 0, case when step = 'signup' then places else 0 end,
             case when step = 'confirmation' then places else 0 end
      from steps where day >= p_from and page is not null
    ) counted
    group by page
  )
  select jsonb_build_object(
    'range', jsonb_build_object('from', p_from, 'to', p_to, 'days', days_long),
    'previous_range', jsonb_build_object('from', previous_from, 'to', p_from - 1, 'days', days_long),
    'filters', filters,
    'days', (select jsonb_agg(to_jsonb(series) - 'current' order by day) from series where current),
    'totals', (select to_jsonb(totals) - 'current' from totals where current),
    'previous', jsonb_build_object(
      'days', (select jsonb_agg(to_jsonb(series) - 'current' order by day) from series where not current),
      'totals', (select to_jsonb(totals) - 'current' from totals where not current)),
    'funnel', (
      select jsonb_agg(jsonb_build_object(
        'step', step,
        'count', n,
        'of_previous', case when ordinality = 1 then 1 when previous_n > 0 then round(n::numeric / previous_n, 4) end,
        'of_first', case when first_n > 0 then round(n::numeric / first_n, 4) end,
        'drop_off', case when ordinality > 1 then previous_n - n end
      ) order by ordinality)
      from funnel),
    'by_source', coalesce((
      select jsonb_agg(jsonb_build_object(
        'source', source, 'visitors', visitors,
        'signups', case when steps_apply then signups end,
        'confirmations', case when steps_apply then confirmations end,
        'conversion', case when steps_apply and visitors > 0 then round(signups::numeric / visitors, 4) end
      ) order by visitors desc, signups desc, source)
      from (select * from by_source order by visitors desc, signups desc, source limit 100) top), '[]'::jsonb),
    'by_campaign', coalesce((
      select jsonb_agg(jsonb_build_object(
        'campaign', campaign, 'visitors', visitors,
        'signups', case when steps_apply then signups end,
        'confirmations', case when steps_apply then confirmations end,
        'conversion', case when steps_apply and visitors > 0 then round(signups::numeric / visitors, 4) end
      ) order by visitors desc, signups desc, campaign)
      from (select * from by_campaign order by visitors desc, signups desc, campaign limit 100) top), '[]'::jsonb),
    'by_page', coalesce((
      select jsonb_agg(jsonb_build_object(
        'page', page, 'visitors', visitors, 'page_views', page_views, 'form_starts', form_starts,
        'signups', case when steps_apply then signups end,
        'confirmations', case when steps_apply then confirmations end,
        'conversion', case when steps_apply and visitors > 0 then round(signups::numeric / visitors, 4) end
      ) order by visitors desc, signups desc, page)
      from (select * from by_page order by visitors desc, signups desc, page limit 100) top), '[]'::jsonb)
  ) into answer;
  return answer;
end;
$$;

revoke all on analytics.page_visits, analytics.live_page_visits, analytics.daily_page_visits from public, anon, authenticated;
revoke all on analytics.living_steps, analytics.signup_steps from public, anon, authenticated;
revoke all on function analytics.add_live_page_visits(jsonb) from public, anon, authenticated;

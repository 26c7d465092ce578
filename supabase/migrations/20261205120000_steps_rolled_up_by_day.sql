-- The report at a million places (issue 41, decision 0081): its sign-up steps were read from every
-- place's rows in the range, the day of each computed per row, and its last two days' visits one row
-- per visitor (27-63 s for 90 days at a million). A closed day's steps no longer change: the sweep
-- counts them once into a daily rollup, and the report reads the rollup for those days and the
-- places' rows, through indexes on their days, for the others (today, a day not yet swept, a day
-- that had no step when it was). The visits of the days whose visitor rows live are counted per
-- day and dimensions as they are written, as the sweep counts them once those rows go.

/**
 * The sign-up steps of the days rolled up, counted per day, step and attribution (the columns of
 * analytics.signup_steps). A day is in it whole or not at all: see rolled_step_days.
 */
create table analytics.daily_steps (
  day date not null,
  step text not null check (step in ('signup', 'welcome', 'confirmation', 'removal')),
  language text,
  device text,
  referrer_host text,
  utm_source text,
  utm_medium text,
  utm_campaign text,
  ref text,
  places integer not null check (places > 0)
);
create index daily_steps_by_day on analytics.daily_steps (day);

/**
 * The days whose steps daily_steps holds. A day is rolled up once closed (an hour after it ended,
 * UTC), and only if it had a step then: no step of a place can land on a closed day after it (a
 * place, its welcome and its confirmation are written at the database's now(); the steps a place
 * leaves when it goes are on their own days, already counted there while it lived, and those the
 * report reads only for days not rolled up).
 */
create table analytics.rolled_step_days (day date primary key);

alter table analytics.daily_steps enable row level security;
alter table analytics.rolled_step_days enable row level security;

-- The days of the rows the steps are read from, for the days not rolled up. Written out, not as
-- analytics.utc_day: a sign-up's role (anon) writes these indexes and may not call the analytics
-- schema's functions; the view below reads its days the same way, so the indexes serve it.
create index waitlist_signup_day on public.waitlist (((created_at at time zone 'UTC')::date));
create index waitlist_confirmation_day on public.waitlist (((confirmed_at at time zone 'UTC')::date))
  where confirmed_at is not null;
create index welcome_day on public.welcome_emails (((created_at at time zone 'UTC')::date)) where kind = 'welcome';

/** The steps of the places still listed (20261130090000's), their days read as the indexes above hold them. */
create or replace view analytics.living_steps as
  select (place.created_at at time zone 'UTC')::date as day, 'signup' as step, place.signup_locale as language,
         place.signup_device as device, place.referrer_host, place.utm_source, place.utm_medium, place.utm_campaign, place.ref
  from public.waitlist as place
  union all
  select (welcome.created_at at time zone 'UTC')::date, 'welcome', place.signup_locale, place.signup_device,
         place.referrer_host, place.utm_source, place.utm_medium, place.utm_campaign, place.ref
  from public.welcome_emails as welcome join public.waitlist as place on place.id = welcome.waitlist_id
  where welcome.kind = 'welcome'
  union all
  select (place.confirmed_at at time zone 'UTC')::date, 'confirmation', place.signup_locale, place.signup_device,
         place.referrer_host, place.utm_source, place.utm_medium, place.utm_campaign, place.ref
  from public.waitlist as place
  where place.confirmed_at is not null;

/**
 * The visits of the days whose visitor rows live (analytics.visits), counted as they are written:
 * per day and dimensions, what the sweep rolls up into daily_visits once the day's salt is gone
 * (it then deletes these). The report reads these instead of a row per visitor.
 */
create table analytics.live_visits (
  day date not null,
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
  unique nulls not distinct (day, language, entry_page, referrer_host, utm_source, utm_medium, utm_campaign, ref, device)
);
alter table analytics.live_visits enable row level security;

insert into analytics.live_visits
  (day, language, entry_page, referrer_host, utm_source, utm_medium, utm_campaign, ref, device, visitors, page_views, form_starters)
select day, language, entry_page, referrer_host, utm_source, utm_medium, utm_campaign, ref, device,
       count(*), sum(page_views), count(*) filter (where form_starts > 0)
from analytics.visits
group by day, language, entry_page, referrer_host, utm_source, utm_medium, utm_campaign, ref, device;

/**
 * Adds to the live counts of the visits' days and dimensions: new visitors, page views, first form
 * starts. In the order of the key, so two writers never wait on each other's rows in a cycle.
 */
create function analytics.add_live_visits(p_counts jsonb) returns void
  language plpgsql security definer
  set search_path = ''
  as $$
begin
  insert into analytics.live_visits as live
    (day, language, entry_page, referrer_host, utm_source, utm_medium, utm_campaign, ref, device, visitors, page_views, form_starters)
  select day, language, entry_page, referrer_host, utm_source, utm_medium, utm_campaign, ref, device,
         sum(visitors), sum(page_views), sum(form_starters)
  from jsonb_to_recordset(p_counts) as c(
    day date, language text, entry_page text, referrer_host text, utm_source text, utm_medium text, utm_campaign text,
    ref text, device text, visitors integer, page_views integer, form_starters integer)
  group by day, language, entry_page, referrer_host, utm_source, utm_medium, utm_campaign, ref, device
  order by day, language, entry_page, referrer_host, utm_source, utm_medium, utm_campaign, ref, device
  on conflict (day, language, entry_page, referrer_host, utm_source, utm_medium, utm_campaign, ref, device)
  do update set visitors = live.visitors + excluded.visitors, page_views = live.page_views + excluded.page_views,
                form_starters = live.form_starters + excluded.form_starters;
end;
$$;

/** The counting of 20261125110000, adding to the live counts what it writes. */
create or replace function public.analytics_count_visits(p_visits jsonb) returns integer
  language plpgsql security definer
  set search_path = ''
  as $$
declare
  counted jsonb;
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
  return jsonb_array_length(counted);
end;
$$;

/** The form starts of 20261125110000, adding a visit's first to the live counts. */
create or replace function public.analytics_count_form_starts(p_starts jsonb) returns integer
  language plpgsql security definer
  set search_path = ''
  as $$
declare
  start record;
  found_visits integer := 0;
  visit record;
  first_starts jsonb := '[]'::jsonb;
begin
  for start in
    select * from jsonb_to_recordset(p_starts) as s(day date, visitor text, previous_visitor text, form_starts integer)
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
    end if;
  end loop;
  perform analytics.add_live_visits(first_starts);
  return found_visits;
end;
$$;

/**
 * Where a visit or a sign-up came from (20261125110000's), as a standard SQL body without a SET
 * clause: the planner inlines it, where the report called it once per row of a range.
 */
create or replace function analytics.source_of(utm_source text, ref text, referrer_host text) returns text
  language sql immutable parallel safe
  return coalesce(utm_source, ref, referrer_host, '(direct)');

/**
 * Rolls up the closed days from p_from on that are not yet, each with at least one step; answers how
 * many days it rolled up. One sweep at a time (a lock for the transaction): two would count a day twice.
 */
create function analytics.roll_up_steps(p_from date) returns integer
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
      (day, step, language, device, referrer_host, utm_source, utm_medium, utm_campaign, ref, places)
    select day, step, language, device, referrer_host, utm_source, utm_medium, utm_campaign, ref, count(*)
    from analytics.signup_steps
    where day = any(days)
    group by day, step, language, device, referrer_host, utm_source, utm_medium, utm_campaign, ref
    returning day
  )
  insert into analytics.rolled_step_days (day) select distinct day from counted;
  get diagnostics rolled = row_count;
  return rolled;
end;
$$;

/**
 * The report of 20261125110200, its sign-up steps read from the daily rollup for the days rolled up
 * and from the places' rows for the others. The report for the UTC days p_from to p_to (both included, at most 800 days). p_filters may hold
 * "language", "source", "campaign" ("(none)": none), "device" and "entry_page", each a string.
 * Visits (visitors, page views, form starts) take every filter; the steps of a sign-up (sign-ups,
 * welcomes, confirmations, removals) carry no entry page, so under an entry_page filter they are null.
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
  where key not in ('language', 'source', 'campaign', 'device', 'entry_page') or jsonb_typeof(value) <> 'string'
  limit 1;
  if wrong is not null then
    raise exception 'Unknown filter, or not a string: %', wrong using errcode = '22023';
  end if;
  live_days := array(
    select calendar.day::date from generate_series(previous_from, p_to, interval '1 day') as calendar(day)
    where not exists (select from analytics.rolled_step_days as rolled where rolled.day = calendar.day::date));

  with visit_rows as (
    select day, language, entry_page, referrer_host, utm_source, utm_campaign, ref, device,
           visitors, page_views, form_starters
    from analytics.live_visits where day between previous_from and p_to
    union all
    select day, language, entry_page, referrer_host, utm_source, utm_campaign, ref, device,
           visitors, page_views, form_starters
    from analytics.daily_visits where day between previous_from and p_to
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
  ), step_rows as (
    select day, step, language, device, referrer_host, utm_source, utm_campaign, ref, places
    from analytics.daily_steps where day between previous_from and p_to and steps_apply
    union all
    select day, step, language, device, referrer_host, utm_source, utm_campaign, ref, 1
    from analytics.signup_steps where day = any(live_days) and steps_apply
  ), steps as (
    select * from (
      select day, step, language, device, places,
             case when language is null then '(unknown)' else analytics.source_of(utm_source, ref, referrer_host) end as source,
             coalesce(utm_campaign, '(none)') as campaign
      from step_rows
    ) attributed
    where (filters ->> 'language' is null or language = filters ->> 'language')
      and (filters ->> 'source' is null or source = filters ->> 'source')
      and (filters ->> 'campaign' is null or campaign = filters ->> 'campaign')
      and (filters ->> 'device' is null or device = filters ->> 'device')
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
      from (select * from by_campaign order by visitors desc, signups desc, campaign limit 100) top), '[]'::jsonb)
  ) into answer;
  return answer;
end;
$$;

/** The sweep of 20261130090000, rolling up the closed days' steps and forgetting those older than the retention. */
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
  steps_deleted integer;
  step_days_rolled_up integer;
begin
  if p_retention_months is null or p_retention_months < 1 then
    raise exception 'Aggregates are kept at least one month.' using errcode = '22023';
  end if;
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
  delete from analytics.salts where day < oldest_kept;
  get diagnostics salts_deleted = row_count;
  delete from analytics.daily_visits where day < retained_from;
  get diagnostics aggregates_deleted = row_count;
  delete from analytics.recorded_steps where day < retained_from;
  get diagnostics steps_deleted = row_count;
  -- A day past the retention is read from the rows still there again, as before it was rolled up.
  delete from analytics.rolled_step_days where day < retained_from;
  delete from analytics.daily_steps where day < retained_from;
  step_days_rolled_up := analytics.roll_up_steps(retained_from);
  return jsonb_build_object(
    'salts_deleted', salts_deleted,
    'visits_rolled_up', visits_rolled_up,
    'aggregates_deleted', aggregates_deleted + steps_deleted,
    'step_days_rolled_up', step_days_rolled_up);
end;
$$;

revoke all on analytics.daily_steps, analytics.rolled_step_days, analytics.live_visits from public, anon, authenticated;
revoke all on function analytics.add_live_visits(jsonb) from public, anon, authenticated;
revoke all on function analytics.roll_up_steps(date) from public, anon, authenticated;

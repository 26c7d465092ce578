-- Cookieless audience measurement (docs/product.md §8, docs/decisions/0041-cookieless-counting.md).
-- The site server counts the pages it sends; it never stores a client address, a User-Agent or a
-- full referrer. A visitor is a keyed hash (computed by the server, supabase/functions/_shared/
-- visitor-id.ts) of the address, the User-Agent and the site under a random salt of the UTC day
-- kept here, so that every instance agrees. Once a day's salt is gone (48 h after the day began)
-- its visitor hashes are rolled up into aggregates and deleted.
--
-- Nothing here is reachable with the public keys: the schema is not exposed by the Data API, and
-- the functions the server calls (public.analytics_*, below, for PostgREST's /rpc on hosted
-- Supabase) may be run by service_role (the secret key) and the tables' owner only.

create schema if not exists analytics;
revoke all on schema analytics from public;

/** 16 random bytes per UTC day, written by the first server that needs them. */
create table analytics.salts (
  day date primary key,
  salt bytea not null check (octet_length(salt) = 16)
);

/**
 * One row per visitor and UTC day while that day's salt lives. Its dimensions are those of the
 * visitor's first counted page of the day; later pages add to its count.
 */
create table analytics.visits (
  day date not null,
  visitor bytea not null check (octet_length(visitor) = 16),
  language text not null check (language in ('pt', 'en')),
  entry_page text not null check (entry_page ~ '^/[a-z0-9/-]{0,63}$'),
  referrer_host text check (referrer_host ~ '^[a-z0-9.:\[\]-]{1,253}$'),
  utm_source text check (char_length(utm_source) between 1 and 100 and utm_source !~ '[[:cntrl:]]'),
  utm_medium text check (char_length(utm_medium) between 1 and 100 and utm_medium !~ '[[:cntrl:]]'),
  utm_campaign text check (char_length(utm_campaign) between 1 and 100 and utm_campaign !~ '[[:cntrl:]]'),
  ref text check (char_length(ref) between 1 and 100 and ref !~ '[[:cntrl:]]'),
  device text not null check (device in ('phone', 'tablet', 'desktop')),
  page_views integer not null check (page_views > 0),
  form_starts integer not null default 0 check (form_starts >= 0),
  primary key (day, visitor)
);

/** The visits of days whose salt is gone: counts per day and dimensions, no visitor. */
create table analytics.daily_visits (
  day date not null,
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
create index daily_visits_by_day on analytics.daily_visits (day);

/**
 * One row per step a place on the waitlist took (migration 20261125110100 writes them): signed up,
 * welcome requested, confirmed, removed. The day and the sign-up's own attribution, nothing that
 * names the person. `language` is null when the sign-up carried no attribution.
 */
create table analytics.signup_steps (
  day date not null,
  step text not null check (step in ('signup', 'welcome', 'confirmation', 'removal')),
  language text,
  device text,
  referrer_host text,
  utm_source text,
  utm_medium text,
  utm_campaign text,
  ref text
);
create index signup_steps_by_day on analytics.signup_steps (day);

alter table analytics.salts enable row level security;
alter table analytics.visits enable row level security;
alter table analytics.daily_visits enable row level security;
alter table analytics.signup_steps enable row level security;

/** The UTC day of a moment: salts, visits and steps are all counted per UTC day. */
create function analytics.utc_day(moment timestamptz) returns date
  language sql immutable parallel safe
  set search_path = ''
  return (moment at time zone 'UTC')::date;

/** Where a visit or a sign-up came from: its campaign's source, else its ref, else the referring site. */
create function analytics.source_of(utm_source text, ref text, referrer_host text) returns text
  language sql immutable parallel safe
  set search_path = ''
  return coalesce(utm_source, ref, referrer_host, '(direct)');

-- The functions the server calls, with the same names and arguments on both backends: the self-hosted
-- server runs them on its own connection, the hosted one over PostgREST (POST /rest/v1/rpc/<name>)
-- with the secret key. Binary values travel as hex text, which JSON carries as it is.

/**
 * The salts of p_now's UTC day and of the day before, as {"days": [{"day", "salt"}]}: the day's
 * own is written from p_candidate (16 random bytes, hex) unless a server wrote one first.
 */
create function public.analytics_salts(p_now timestamptz, p_candidate text) returns jsonb
  language plpgsql security definer
  set search_path = ''
  as $$
declare
  today date := analytics.utc_day(p_now);
begin
  insert into analytics.salts (day, salt) values (today, decode(p_candidate, 'hex')) on conflict (day) do nothing;
  return jsonb_build_object('days', coalesce((
    select jsonb_agg(jsonb_build_object('day', day, 'salt', encode(salt, 'hex')) order by day desc)
    from analytics.salts
    where day in (today, today - 1)
  ), '[]'::jsonb));
end;
$$;

/**
 * Adds page views, one element per visitor and day: {day, visitor (hex), page_views, language,
 * entry_page, referrer_host, utm_source, utm_medium, utm_campaign, ref, device}. A visitor already
 * counted that day keeps its first dimensions. A day whose salt is gone takes no more views.
 * Answers how many elements were counted.
 */
create function public.analytics_count_visits(p_visits jsonb) returns integer
  language plpgsql security definer
  set search_path = ''
  as $$
declare
  counted integer;
begin
  insert into analytics.visits as visit
    (day, visitor, language, entry_page, referrer_host, utm_source, utm_medium, utm_campaign, ref, device, page_views)
  select v.day, decode(v.visitor, 'hex'), v.language, v.entry_page, v.referrer_host, v.utm_source, v.utm_medium,
         v.utm_campaign, v.ref, v.device, v.page_views
  from jsonb_to_recordset(p_visits) as v(
    day date, visitor text, language text, entry_page text, referrer_host text, utm_source text, utm_medium text,
    utm_campaign text, ref text, device text, page_views integer)
  where exists (select from analytics.salts s where s.day = v.day)
  on conflict (day, visitor) do update set page_views = visit.page_views + excluded.page_views;
  get diagnostics counted = row_count;
  return counted;
end;
$$;

/**
 * Adds form starts (the proof-of-work challenge the form fetches once a visitor starts typing), one
 * element per visitor: {day, visitor, previous_visitor, form_starts}, `visitor` hashed with the
 * salt of `day` and `previous_visitor` with the day before's. The start goes to that day's visit,
 * else to the day before's (a page opened before midnight); a start with no counted visit is not
 * counted. Answers how many elements found their visit.
 */
create function public.analytics_count_form_starts(p_starts jsonb) returns integer
  language plpgsql security definer
  set search_path = ''
  as $$
declare
  start record;
  found_visits integer := 0;
  updated integer;
begin
  for start in
    select * from jsonb_to_recordset(p_starts) as s(day date, visitor text, previous_visitor text, form_starts integer)
  loop
    update analytics.visits set form_starts = form_starts + start.form_starts
    where day = start.day and visitor = decode(start.visitor, 'hex');
    get diagnostics updated = row_count;
    if updated = 0 and start.previous_visitor is not null then
      update analytics.visits set form_starts = form_starts + start.form_starts
      where day = start.day - 1 and visitor = decode(start.previous_visitor, 'hex');
      get diagnostics updated = row_count;
    end if;
    found_visits := found_visits + updated;
  end loop;
  return found_visits;
end;
$$;

/**
 * What time takes away, at p_now: the salts of the days before yesterday, and with them those days'
 * visitor hashes, their visits rolled up into daily_visits first (a row deleted by two sweeps at
 * once is returned to one of them only, so nothing is counted twice); then every aggregate older
 * than p_retention_months. Answers what it did.
 */
create function public.analytics_sweep(p_now timestamptz, p_retention_months integer) returns jsonb
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
  delete from analytics.salts where day < oldest_kept;
  get diagnostics salts_deleted = row_count;
  delete from analytics.daily_visits where day < retained_from;
  get diagnostics aggregates_deleted = row_count;
  delete from analytics.signup_steps where day < retained_from;
  get diagnostics steps_deleted = row_count;
  return jsonb_build_object(
    'salts_deleted', salts_deleted,
    'visits_rolled_up', visits_rolled_up,
    'aggregates_deleted', aggregates_deleted + steps_deleted);
end;
$$;

-- Only service_role (the secret key) and the owner run these. Supabase's default privileges grant
-- new functions in public to the API roles by name, so they are taken back by name too.
revoke all on all functions in schema analytics from public, anon, authenticated;
revoke all on all tables in schema analytics from public, anon, authenticated;
revoke all on function public.analytics_salts(timestamptz, text) from public, anon, authenticated;
revoke all on function public.analytics_count_visits(jsonb) from public, anon, authenticated;
revoke all on function public.analytics_count_form_starts(jsonb) from public, anon, authenticated;
revoke all on function public.analytics_sweep(timestamptz, integer) from public, anon, authenticated;
grant usage on schema analytics to service_role;
grant execute on function public.analytics_salts(timestamptz, text) to service_role;
grant execute on function public.analytics_count_visits(jsonb) to service_role;
grant execute on function public.analytics_count_form_starts(jsonb) to service_role;
grant execute on function public.analytics_sweep(timestamptz, integer) to service_role;

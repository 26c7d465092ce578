-- The numbers the Launch tool shows (docs/launch-api.md has the JSON's shape): per day, for a range
-- and the range of equal length before it, with filters; the funnel; conversion by source and
-- campaign. Visits are counted from their visitor rows while those live, then from their daily
-- aggregates, so a report reads the same before and after a day's salt is gone.

/**
 * The report for the UTC days p_from to p_to (both included, at most 800 days). p_filters may hold
 * "language", "source", "campaign" ("(none)": none), "device" and "entry_page", each a string.
 * Visits (visitors, page views, form starts) take every filter; the steps of a sign-up (sign-ups,
 * welcomes, confirmations, removals) carry no entry page, so under an entry_page filter they are null.
 */
create function analytics.report(p_from date, p_to date, p_filters jsonb default '{}') returns jsonb
  language plpgsql stable security definer
  set search_path = ''
  as $$
declare
  filters jsonb := coalesce(p_filters, '{}'::jsonb);
  days_long integer := p_to - p_from + 1;
  previous_from date := p_from - (p_to - p_from + 1);
  steps_apply boolean := not (coalesce(p_filters, '{}'::jsonb) ? 'entry_page');
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

  with visit_rows as (
    select day, language, entry_page, referrer_host, utm_source, utm_campaign, ref, device,
           1 as visitors, page_views, (form_starts > 0)::integer as form_starters
    from analytics.visits where day between previous_from and p_to
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
  ), steps as (
    select * from (
      select day, step, language, device,
             case when language is null then '(unknown)' else analytics.source_of(utm_source, ref, referrer_host) end as source,
             coalesce(utm_campaign, '(none)') as campaign
      from analytics.signup_steps where day between previous_from and p_to and steps_apply
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
           count(*) filter (where step = 'signup')::integer as signups,
           count(*) filter (where step = 'welcome')::integer as welcomes,
           count(*) filter (where step = 'confirmation')::integer as confirmations,
           count(*) filter (where step = 'removal')::integer as removals
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
      select source, 0, (step = 'signup')::integer, (step = 'confirmation')::integer from steps where day >= p_from
    ) counted
    group by source
  ), by_campaign as (
    select campaign, sum(visitors)::integer as visitors, sum(signups)::integer as signups,
           sum(confirmations)::integer as confirmations
    from (
      select campaign, visitors, 0 as signups, 0 as confirmations from visits where day >= p_from
      union all
      select campaign, 0, (step = 'signup')::integer, (step = 'confirmation')::integer from steps where day >= p_from
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

/** The same report over PostgREST's /rpc, for the hosted Supabase project (the Data API exposes public only). */
create function public.analytics_report(p_from date, p_to date, p_filters jsonb default '{}') returns jsonb
  language sql stable security definer
  set search_path = ''
  return analytics.report(p_from, p_to, p_filters);

-- Only service_role (the secret key) and the owner run them (see 20261125110000_analytics.sql).
revoke all on function analytics.report(date, date, jsonb) from public, anon, authenticated;
revoke all on function public.analytics_report(date, date, jsonb) from public, anon, authenticated;
grant execute on function analytics.report(date, date, jsonb) to service_role;
grant execute on function public.analytics_report(date, date, jsonb) to service_role;

-- Copy experiments (docs/product.md §12, docs/decisions/0046-copy-experiments.md). The site server
-- assigns each counted visitor-day an arm of every running experiment from its daily visitor hash
-- (20261125110000_analytics.sql) and renders that arm; what it showed is an exposure. The sign-up
-- code sends the arms the page showed with the insert, so a sign-up and its confirmation count as
-- conversions of those arms, by triggers of their own.
--
-- Exposures keep the visitor hash only while its day's salt lives (48 h), exactly as visits do; the
-- sweep then rolls them up into counts per day, experiment and arm. Conversions never name anyone.
-- Nothing here is reachable with the public keys but the new waitlist column, which anon may insert
-- under CHECK bounds like the attribution columns (20261125110100_signup_attribution.sql).

create schema if not exists experiments;
revoke all on schema experiments from public;

/** One row per visitor, UTC day and experiment while that day's salt lives: the arm the visitor was shown first. */
create table experiments.exposures (
  day date not null,
  visitor bytea not null check (octet_length(visitor) = 16),
  experiment_id text not null check (experiment_id ~ '^[A-Za-z0-9_-]{1,64}$'),
  arm text not null check (arm ~ '^[A-Za-z0-9_-]{1,32}$'),
  primary key (day, visitor, experiment_id)
);

/** The exposures of days whose salt is gone: visitor-days per day, experiment and arm, no visitor. */
create table experiments.daily_exposures (
  day date not null,
  experiment_id text not null,
  arm text not null,
  visitors integer not null check (visitors > 0),
  primary key (day, experiment_id, arm)
);

/** Sign-ups and confirmations per day, experiment and arm, from the arms each sign-up carried. */
create table experiments.conversions (
  day date not null,
  experiment_id text not null,
  arm text not null,
  step text not null check (step in ('signup', 'confirmation')),
  places integer not null check (places > 0),
  primary key (day, experiment_id, arm, step)
);

alter table experiments.exposures enable row level security;
alter table experiments.daily_exposures enable row level security;
alter table experiments.conversions enable row level security;

alter table public.waitlist
  add column experiment_arms text[] constraint waitlist_experiment_arms_bounded
    check (
      array_ndims(experiment_arms) = 1
      and cardinality(experiment_arms) between 1 and 4
      and array_position(experiment_arms, null) is null
      and array_to_string(experiment_arms, ',')
        ~ '^[A-Za-z0-9_-]{1,64}:[A-Za-z0-9_-]{1,32}(,[A-Za-z0-9_-]{1,64}:[A-Za-z0-9_-]{1,32}){0,3}$'
    );

comment on column public.waitlist.experiment_arms is
  'The arms of the copy experiments the page showed (<experimentId>:<variantId>), sent by the form; null when none ran.';

grant insert (experiment_arms) on table public.waitlist to anon, authenticated;

/** A sign-up or a confirmation of a place counted for each arm it carries, on today's UTC day. TG_ARGV[0] names the step. */
create function experiments.count_conversion() returns trigger
  language plpgsql security definer
  set search_path = ''
  as $$
begin
  insert into experiments.conversions as counted (day, experiment_id, arm, step, places)
  select analytics.utc_day(now()), split_part(arm_key, ':', 1), split_part(arm_key, ':', 2), tg_argv[0], 1
  from unnest(new.experiment_arms) as arm_key
  on conflict (day, experiment_id, arm, step) do update set places = counted.places + 1;
  return null;
end;
$$;

create trigger waitlist_counted_experiment_signup
  after insert on public.waitlist
  for each row when (new.experiment_arms is not null)
  execute function experiments.count_conversion('signup');

create trigger waitlist_counted_experiment_confirmation
  after update of confirmed_at on public.waitlist
  for each row when (old.confirmed_at is null and new.confirmed_at is not null and new.experiment_arms is not null)
  execute function experiments.count_conversion('confirmation');

-- The functions the site server calls, on its own connection or over PostgREST's /rpc with the secret key.

/**
 * Adds exposures, one element per visitor, day and experiment: {day, visitor (hex), experiment_id,
 * arm}. A visitor already exposed that day keeps its first arm; a day whose salt is gone takes none.
 * Answers how many were new.
 */
create function public.experiments_count_exposures(p_exposures jsonb) returns integer
  language plpgsql security definer
  set search_path = ''
  as $$
declare
  counted integer;
begin
  insert into experiments.exposures (day, visitor, experiment_id, arm)
  select e.day, decode(e.visitor, 'hex'), e.experiment_id, e.arm
  from jsonb_to_recordset(p_exposures) as e(day date, visitor text, experiment_id text, arm text)
  where exists (select from analytics.salts s where s.day = e.day)
  on conflict (day, visitor, experiment_id) do nothing;
  get diagnostics counted = row_count;
  return counted;
end;
$$;

/**
 * At p_now, as the counting's sweep does: the exposures of the days before yesterday rolled up into
 * daily_exposures and deleted with their visitor hashes; aggregates and conversions older than
 * p_retention_months deleted. Answers what it did.
 */
create function public.experiments_sweep(p_now timestamptz, p_retention_months integer) returns jsonb
  language plpgsql security definer
  set search_path = ''
  as $$
declare
  oldest_kept date := analytics.utc_day(p_now) - 1;
  retained_from date := analytics.utc_day(p_now - make_interval(months => p_retention_months));
  rolled_up integer;
  deleted integer;
  conversions_deleted integer;
begin
  if p_retention_months is null or p_retention_months < 1 then
    raise exception 'Aggregates are kept at least one month.' using errcode = '22023';
  end if;
  with gone as (
    delete from experiments.exposures where day < oldest_kept returning day, experiment_id, arm
  ), added as (
    insert into experiments.daily_exposures as kept (day, experiment_id, arm, visitors)
    select day, experiment_id, arm, count(*) from gone group by day, experiment_id, arm
    on conflict (day, experiment_id, arm) do update set visitors = kept.visitors + excluded.visitors
  )
  select count(*) into rolled_up from gone;
  delete from experiments.daily_exposures where day < retained_from;
  get diagnostics deleted = row_count;
  delete from experiments.conversions where day < retained_from;
  get diagnostics conversions_deleted = row_count;
  return jsonb_build_object('exposures_rolled_up', rolled_up, 'aggregates_deleted', deleted + conversions_deleted);
end;
$$;

/**
 * The counts of the experiments p_ids (a JSON array of their ids), as {"<experimentId>": {"<arm>":
 * {"exposures", "signups", "confirmations"}}}: exposures are visitor-days, from the live rows and the
 * rolled-up days alike.
 */
create function public.experiments_results(p_ids jsonb) returns jsonb
  language sql stable security definer
  set search_path = ''
  as $$
  with ids as (
    select jsonb_array_elements_text(p_ids) as id
  ), counts as (
    select experiment_id, arm, 1 as exposures, 0 as signups, 0 as confirmations
    from experiments.exposures where experiment_id in (select id from ids)
    union all
    select experiment_id, arm, visitors, 0, 0 from experiments.daily_exposures where experiment_id in (select id from ids)
    union all
    select experiment_id, arm, 0, case when step = 'signup' then places else 0 end,
           case when step = 'confirmation' then places else 0 end
    from experiments.conversions where experiment_id in (select id from ids)
  ), arms as (
    select experiment_id, arm, sum(exposures)::integer as exposures, sum(signups)::integer as signups,
           sum(confirmations)::integer as confirmations
    from counts group by experiment_id, arm
  )
  select coalesce(jsonb_object_agg(experiment_id, by_arm), '{}'::jsonb)
  from (
    select experiment_id,
           jsonb_object_agg(arm, jsonb_build_object('exposures', exposures, 'signups', signups, 'confirmations', confirmations)) as by_arm
    from arms group by experiment_id
  ) per_experiment;
$$;

-- Only service_role (the secret key) and the owner run these (see 20261125110000_analytics.sql).
revoke all on all functions in schema experiments from public, anon, authenticated;
revoke all on all tables in schema experiments from public, anon, authenticated;
revoke all on function public.experiments_count_exposures(jsonb) from public, anon, authenticated;
revoke all on function public.experiments_sweep(timestamptz, integer) from public, anon, authenticated;
revoke all on function public.experiments_results(jsonb) from public, anon, authenticated;
grant usage on schema experiments to service_role;
grant execute on function public.experiments_count_exposures(jsonb) to service_role;
grant execute on function public.experiments_sweep(timestamptz, integer) to service_role;
grant execute on function public.experiments_results(jsonb) to service_role;

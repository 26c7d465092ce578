-- Experiment numbers an outsider cannot steer (issue 38; docs/decisions/0064-experiment-visitors-per-client.md,
-- amending 0046). Until now an exposure was any counted visitor-day (so 200 made-up User-Agents from
-- one address were 200 visitors, each a row), and a conversion was whatever arms the sign-up's request
-- said its page showed. Now:
--
-- 1. An experiment's visitor is a day-keyed hash of the client (guard.client_address: an IPv4 address,
--    an IPv6 /64) and its User-Agent, computed alike by the site server (server/experiments/experiment-visitor.ts)
--    and by this database from a request's headers; its client is a hash of the client alone.
-- 2. One client is one visitor a day per experiment: the first shown the experiment. Its other
--    visitors that day are counted apart, as exposures over the bound, with the page views the server
--    did not send here because the client was past its per-client limit (ANALYTICS_LIMIT). So the rows
--    grow with clients, never with what one client sends.
-- 3. A sign-up's arms are never the request's: a trigger finds the exposure of the visitor who sends
--    it (today's, else yesterday's) and takes its arm, once per visitor-day. A sign-up from a client
--    whose experiment visitor was someone else, or whose visitor signed up before, is counted apart,
--    as a sign-up over the bound; one from a visitor never shown the experiment counts for nothing.
--    The public insert still accepts experiment_arms (older pages send it) and drops it.

-- The rows of the old shape hold no client: their days are rolled up as the sweep would, then the
-- table is made anew. A visitor of today before this migration may be counted once more after it.
insert into experiments.daily_exposures as kept (day, experiment_id, arm, visitors)
select day, experiment_id, arm, count(*) from experiments.exposures group by day, experiment_id, arm
on conflict (day, experiment_id, arm) do update set visitors = kept.visitors + excluded.visitors;

drop function public.experiments_count_exposures(jsonb);
drop table experiments.exposures;

/**
 * One row per client, UTC day and experiment while that day's salt lives: the client's visitor shown
 * the experiment first, its arm, and whether that visitor has signed up since.
 */
create table experiments.exposures (
  day date not null,
  client bytea not null check (octet_length(client) = 16),
  experiment_id text not null check (experiment_id ~ '^[A-Za-z0-9_-]{1,64}$'),
  visitor bytea not null check (octet_length(visitor) = 16),
  arm text not null check (arm ~ '^[A-Za-z0-9_-]{1,32}$'),
  signed_up boolean not null default false,
  primary key (day, client, experiment_id)
);
alter table experiments.exposures enable row level security;

/** What came from clients over their bound, per day and experiment: exposures (page views) and sign-ups not counted. */
create table experiments.over_bound (
  day date not null,
  experiment_id text not null check (experiment_id ~ '^[A-Za-z0-9_-]{1,64}$'),
  exposures integer not null default 0 check (exposures >= 0),
  signups integer not null default 0 check (signups >= 0),
  primary key (day, experiment_id)
);
alter table experiments.over_bound enable row level security;

/**
 * A client's or a visitor's hash for the experiments under a day's salt, cut to 16 bytes: as the
 * referrals' sightings are made (referrals.keyed), under a prefix of their own, so the two never match.
 */
create function experiments.keyed(p_salt bytea, p_purpose text, p_subject text) returns bytea
  language plpgsql immutable
  set search_path = ''
  as $$
begin
  return substring(sha256(p_salt || convert_to('pulso-experiment-' || p_purpose || E'\n' || p_subject, 'UTF8')) from 1 for 16);
end;
$$;

/**
 * Adds what the site server showed since its last call. p_exposures: one element per client, day and
 * experiment, {day, client, visitor (both hex), experiment_id, arm}; a client that already has a
 * visitor of that day and experiment keeps it, and another visitor of it counts over the bound; a day
 * whose salt is gone takes none. p_over_bound: {day, experiment_id, exposures}, the page views the
 * server counted over the bound itself. Answers {counted, over_bound}.
 */
create function public.experiments_count_exposures(p_exposures jsonb, p_over_bound jsonb) returns jsonb
  language plpgsql security definer
  set search_path = ''
  as $$
declare
  answer jsonb;
begin
  -- One statement: the client's existing row is read as it was before it, so a visitor that finds
  -- another visitor's row is over the bound, and one that finds none takes the row.
  with incoming as (
    select distinct on (e.day, e.client, e.experiment_id)
           e.day, decode(e.client, 'hex') as client, decode(e.visitor, 'hex') as visitor, e.experiment_id, e.arm
    from jsonb_to_recordset(coalesce(p_exposures, '[]')) as e(day date, client text, visitor text, experiment_id text, arm text)
    where exists (select from analytics.salts as s where s.day = e.day)
  ), inserted as (
    insert into experiments.exposures (day, client, experiment_id, visitor, arm)
    select day, client, experiment_id, visitor, arm from incoming
    on conflict (day, client, experiment_id) do nothing
    returning 1
  ), over_the_bound as (
    select i.day, i.experiment_id, 1 as views
    from incoming as i
    join experiments.exposures as x on x.day = i.day and x.client = i.client and x.experiment_id = i.experiment_id
    where x.visitor <> i.visitor
    union all
    select o.day, o.experiment_id, o.exposures
    from jsonb_to_recordset(coalesce(p_over_bound, '[]')) as o(day date, experiment_id text, exposures integer)
    where o.exposures > 0
  ), added as (
    insert into experiments.over_bound as kept (day, experiment_id, exposures)
    select day, experiment_id, sum(views) from over_the_bound group by day, experiment_id
    on conflict (day, experiment_id) do update set exposures = kept.exposures + excluded.exposures
  )
  select jsonb_build_object('counted', (select count(*) from inserted), 'over_bound', (select coalesce(sum(views), 0) from over_the_bound))
  into answer;
  return answer;
end;
$$;

/**
 * Before a place is inserted (after the guard, which may drop it): the arms of the experiments its
 * visitor was shown, found from the request's headers, never from the row. Per experiment the
 * visitor's exposure of today, else of yesterday, counts once; a client's other visitor, or the
 * same visitor again, is a sign-up over the bound.
 */
create function experiments.arms_of_signup() returns trigger
  language plpgsql security definer
  set search_path = ''
  as $$
declare
  today date := analytics.utc_day(now());
  headers json;
  sender text;
  agent text;
  arms text[];
begin
  new.experiment_arms := null;
  -- No experiment shown for two days (the usual case): nothing to find, and nothing hashed.
  if not exists (select from experiments.exposures as x where x.day >= today - 1) then
    return new;
  end if;
  headers := coalesce(nullif(current_setting('request.headers', true), '')::json, '{}'::json);
  sender := guard.client_address(headers);
  if sender = 'unknown' then
    return new;
  end if;
  agent := left(coalesce(headers ->> 'user-agent', ''), 512);
  -- One statement: per experiment, the client's exposure of today, else of yesterday, taken once by
  -- its own visitor (a racing second sign-up of it waits for the first and finds it taken), else
  -- counted over the bound.
  with day_keys as (
    select s.day, experiments.keyed(s.salt, 'client', sender) as client_key,
           experiments.keyed(s.salt, 'visitor', sender || E'\n' || agent) as visitor_key
    from analytics.salts as s where s.day in (today, today - 1)
  ), latest as (
    select distinct on (x.experiment_id) x.day, x.client, x.experiment_id, x.visitor = k.visitor_key as theirs
    from day_keys as k join experiments.exposures as x on x.day = k.day and x.client = k.client_key
    order by x.experiment_id, x.day desc
  ), taken as (
    update experiments.exposures as x set signed_up = true
    from latest as l
    where l.theirs and x.day = l.day and x.client = l.client and x.experiment_id = l.experiment_id and not x.signed_up
    returning x.experiment_id, x.arm
  ), counted_over as (
    insert into experiments.over_bound as kept (day, experiment_id, signups)
    select today, l.experiment_id, 1 from latest as l where l.experiment_id not in (select t.experiment_id from taken as t)
    on conflict (day, experiment_id) do update set signups = kept.signups + 1
  )
  select coalesce(array_agg(t.experiment_id || ':' || t.arm order by t.experiment_id), '{}') into arms from taken as t;
  -- At most four experiments run at once; across two days more could have, and the column holds four.
  new.experiment_arms := nullif(arms[1:4], '{}');
  return new;
end;
$$;
-- After waitlist_before_insert (the guard) in name order, which may drop the row first.
create trigger waitlist_experiment_arms before insert on public.waitlist
  for each row execute function experiments.arms_of_signup();

comment on column public.waitlist.experiment_arms is
  'The arms of the copy experiments this place''s visitor was counted in (<experimentId>:<variantId>), found by the database from the sign-up''s own request (experiments.arms_of_signup); a value sent with the insert is ignored. Null when none.';

/**
 * At p_now, as the counting's sweep does: the exposures of the days before yesterday rolled up into
 * daily_exposures and deleted with their hashes; aggregates, conversions and counts over the bound
 * older than p_retention_months deleted. Answers what it did.
 */
create or replace function public.experiments_sweep(p_now timestamptz, p_retention_months integer) returns jsonb
  language plpgsql security definer
  set search_path = ''
  as $$
declare
  oldest_kept date := analytics.utc_day(p_now) - 1;
  retained_from date := analytics.utc_day(p_now - make_interval(months => p_retention_months));
  rolled_up integer;
  deleted integer;
  conversions_deleted integer;
  over_deleted integer;
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
  delete from experiments.over_bound where day < retained_from;
  get diagnostics over_deleted = row_count;
  return jsonb_build_object('exposures_rolled_up', rolled_up, 'aggregates_deleted', deleted + conversions_deleted + over_deleted);
end;
$$;

/**
 * The counts of the experiments p_ids (a JSON array of their ids), as {"<experimentId>": {"arms":
 * {"<arm>": {"exposures", "signups", "confirmations"}}, "over_bound": {"exposures", "signups"}}}:
 * exposures are visitor-days, one per client a day, from the live rows and the rolled-up days alike.
 */
create or replace function public.experiments_results(p_ids jsonb) returns jsonb
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
    select experiment_id, jsonb_object_agg(arm, jsonb_build_object('exposures', exposures, 'signups', signups, 'confirmations', confirmations)) as by_arm
    from (
      select experiment_id, arm, sum(exposures)::integer as exposures, sum(signups)::integer as signups,
             sum(confirmations)::integer as confirmations
      from counts group by experiment_id, arm
    ) summed
    group by experiment_id
  ), over_the_bound as (
    select experiment_id, jsonb_build_object('exposures', sum(exposures)::integer, 'signups', sum(signups)::integer) as counts
    from experiments.over_bound where experiment_id in (select id from ids) group by experiment_id
  )
  select coalesce(jsonb_object_agg(id, jsonb_build_object(
           'arms', coalesce(arms.by_arm, '{}'::jsonb),
           'over_bound', coalesce(o.counts, jsonb_build_object('exposures', 0, 'signups', 0)))), '{}'::jsonb)
  from (select distinct id from ids) as asked
  left join arms on arms.experiment_id = asked.id
  left join over_the_bound as o on o.experiment_id = asked.id
  where arms.experiment_id is not null or o.experiment_id is not null;
$$;

revoke all on all functions in schema experiments from public, anon, authenticated;
revoke all on all tables in schema experiments from public, anon, authenticated;
revoke all on function public.experiments_count_exposures(jsonb, jsonb) from public, anon, authenticated;
grant execute on function public.experiments_count_exposures(jsonb, jsonb) to service_role;

-- The steps of a place are counted from its own rows while it is listed (decision 0053): the four
-- triggers of 20261125110100 appended a step row on each sign-up, welcome, confirmation and removal,
-- two of them in the sign-up's own transactions (the path a launch-day burst waits on), to record what
-- the rows already say: the day the place, its welcome and its confirmation were written, and the
-- place's attribution. The report reads the same numbers from a view: the steps of the listed places,
-- read from their rows, and those of the places that are gone, recorded by one trigger as they go.

drop trigger waitlist_counted_signup on public.waitlist;
drop trigger waitlist_counted_confirmation on public.waitlist;
drop trigger waitlist_counted_removal on public.waitlist;
drop trigger welcome_counted_request on public.welcome_emails;
drop function analytics.count_signup_step();

alter table analytics.signup_steps rename to recorded_steps;
alter index analytics.signup_steps_by_day rename to recorded_steps_by_day;
comment on table analytics.recorded_steps is
  'The steps of places that are gone, recorded as they went; nothing that names a person.';

/**
 * A place about to go leaves its steps behind, on the days they happened, with its attribution:
 * signed up, welcome requested, confirmed, and removed (today) unless the retention sweep deletes it
 * for never confirming (it says so with pulso.deleting_places = expired). Before the delete, while
 * its welcome is still there (the cascade takes it with the place).
 */
create function analytics.record_steps_of_a_place() returns trigger
  language plpgsql security definer
  set search_path = ''
  as $$
begin
  insert into analytics.recorded_steps (day, step, language, device, referrer_host, utm_source, utm_medium, utm_campaign, ref)
  select day, step, old.signup_locale, old.signup_device, old.referrer_host, old.utm_source, old.utm_medium, old.utm_campaign, old.ref
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

create trigger waitlist_steps_recorded
  before delete on public.waitlist
  for each row execute function analytics.record_steps_of_a_place();

/** The steps of the places still listed, read from their rows. */
create view analytics.living_steps as
  select analytics.utc_day(place.created_at) as day, 'signup' as step, place.signup_locale as language,
         place.signup_device as device, place.referrer_host, place.utm_source, place.utm_medium, place.utm_campaign, place.ref
  from public.waitlist as place
  union all
  select analytics.utc_day(welcome.created_at), 'welcome', place.signup_locale, place.signup_device, place.referrer_host,
         place.utm_source, place.utm_medium, place.utm_campaign, place.ref
  from public.welcome_emails as welcome join public.waitlist as place on place.id = welcome.waitlist_id
  where welcome.kind = 'welcome'
  union all
  select analytics.utc_day(place.confirmed_at), 'confirmation', place.signup_locale, place.signup_device, place.referrer_host,
         place.utm_source, place.utm_medium, place.utm_campaign, place.ref
  from public.waitlist as place
  where place.confirmed_at is not null;

/** Every step the funnel counts (analytics.report reads it): what was recorded, and what the living rows say. */
create view analytics.signup_steps as
  select day, step, language, device, referrer_host, utm_source, utm_medium, utm_campaign, ref from analytics.recorded_steps
  union all
  select day, step, language, device, referrer_host, utm_source, utm_medium, utm_campaign, ref from analytics.living_steps;

-- The rows the dropped triggers wrote for places still listed are now read from those places: take
-- back as many as they say, per step, day and attribution (a row names no person, so any of equals).
with living as (
  select day, step, language, device, referrer_host, utm_source, utm_medium, utm_campaign, ref, count(*) as places
  from analytics.living_steps
  group by day, step, language, device, referrer_host, utm_source, utm_medium, utm_campaign, ref
), numbered as (
  select ctid, day, step, language, device, referrer_host, utm_source, utm_medium, utm_campaign, ref,
         row_number() over (partition by day, step, language, device, referrer_host, utm_source, utm_medium, utm_campaign, ref) as nth
  from analytics.recorded_steps
  where step in ('signup', 'welcome', 'confirmation')
)
delete from analytics.recorded_steps as recorded
using numbered, living
where recorded.ctid = numbered.ctid
  and numbered.day = living.day and numbered.step = living.step
  and numbered.language is not distinct from living.language
  and numbered.device is not distinct from living.device
  and numbered.referrer_host is not distinct from living.referrer_host
  and numbered.utm_source is not distinct from living.utm_source
  and numbered.utm_medium is not distinct from living.utm_medium
  and numbered.utm_campaign is not distinct from living.utm_campaign
  and numbered.ref is not distinct from living.ref
  and numbered.nth <= living.places;

/** The sweep of 20261125110000, deleting old recorded steps (the view is not a table). */
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
  delete from analytics.recorded_steps where day < retained_from;
  get diagnostics steps_deleted = row_count;
  return jsonb_build_object(
    'salts_deleted', salts_deleted,
    'visits_rolled_up', visits_rolled_up,
    'aggregates_deleted', aggregates_deleted + steps_deleted);
end;
$$;

revoke all on function analytics.record_steps_of_a_place() from public, anon, authenticated;
revoke all on analytics.recorded_steps, analytics.living_steps, analytics.signup_steps from public, anon, authenticated;

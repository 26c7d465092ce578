-- Where a sign-up came from (docs/product.md §8.3): the form sends, with the insert, what its page
-- address and referrer say (the campaign's utm_source, utm_medium, utm_campaign and ref, the
-- referring site's host), the page's language and the kind of device, each optional and bounded as
-- the page views' are (20261125110000_analytics.sql). The same insert on both backends: PostgREST
-- on Supabase, the one statement of server/supabase/rest-routes.ts on the self-hosted server.
--
-- Each step a place then takes is counted, with that attribution, in analytics.signup_steps by
-- triggers of its own (the waitlist's existing triggers are left as they are): signed up, welcome
-- requested, confirmed, removed. Places deleted by the retention sweep (never confirmed) are not
-- removals: the sweep says so with a setting local to its statement.

alter table public.waitlist
  add column utm_source text constraint waitlist_utm_source_bounded
    check (char_length(utm_source) between 1 and 100 and utm_source !~ '[[:cntrl:]]'),
  add column utm_medium text constraint waitlist_utm_medium_bounded
    check (char_length(utm_medium) between 1 and 100 and utm_medium !~ '[[:cntrl:]]'),
  add column utm_campaign text constraint waitlist_utm_campaign_bounded
    check (char_length(utm_campaign) between 1 and 100 and utm_campaign !~ '[[:cntrl:]]'),
  add column ref text constraint waitlist_ref_bounded
    check (char_length(ref) between 1 and 100 and ref !~ '[[:cntrl:]]'),
  add column referrer_host text constraint waitlist_referrer_host_bounded
    check (referrer_host ~ '^[a-z0-9.:\[\]-]{1,253}$'),
  add column signup_locale text constraint waitlist_signup_locale_known check (signup_locale in ('pt', 'en')),
  add column signup_device text constraint waitlist_signup_device_known
    check (signup_device in ('phone', 'tablet', 'desktop'));

comment on column public.waitlist.utm_source is 'The utm_source of the page address the person signed up from, if any.';
comment on column public.waitlist.utm_medium is 'The utm_medium of the page address the person signed up from, if any.';
comment on column public.waitlist.utm_campaign is 'The utm_campaign of the page address the person signed up from, if any.';
comment on column public.waitlist.ref is 'The ref parameter of the page address the person signed up from, if any.';
comment on column public.waitlist.referrer_host is 'The host of the other site that led to the page, if any (never the full address).';
comment on column public.waitlist.signup_locale is 'The language of the page the form was on; null when the form sent no attribution.';
comment on column public.waitlist.signup_device is 'phone, tablet or desktop, read by the form from its own User-Agent.';

grant insert (utm_source, utm_medium, utm_campaign, ref, referrer_host, signup_locale, signup_device)
  on table public.waitlist to anon, authenticated;

/**
 * One step of a place, with the place's attribution, on today's UTC day. TG_ARGV[0] names the step.
 * Security definer: the public roles insert places and cannot reach the analytics schema.
 */
create function analytics.count_signup_step() returns trigger
  language plpgsql security definer
  set search_path = ''
  as $$
declare
  place public.waitlist;
begin
  if tg_table_name = 'welcome_emails' then
    select * into place from public.waitlist where id = new.waitlist_id;
  elsif tg_op = 'DELETE' then
    if current_setting('pulso.deleting_places', true) is not distinct from 'expired' then
      return null;
    end if;
    place := old;
  else
    place := new;
  end if;
  insert into analytics.signup_steps (day, step, language, device, referrer_host, utm_source, utm_medium, utm_campaign, ref)
  values (analytics.utc_day(now()), tg_argv[0], place.signup_locale, place.signup_device, place.referrer_host,
          place.utm_source, place.utm_medium, place.utm_campaign, place.ref);
  return null;
end;
$$;

create trigger waitlist_counted_signup
  after insert on public.waitlist
  for each row execute function analytics.count_signup_step('signup');

create trigger waitlist_counted_confirmation
  after update of confirmed_at on public.waitlist
  for each row when (old.confirmed_at is null and new.confirmed_at is not null)
  execute function analytics.count_signup_step('confirmation');

create trigger waitlist_counted_removal
  after delete on public.waitlist
  for each row execute function analytics.count_signup_step('removal');

create trigger welcome_counted_request
  after insert on public.welcome_emails
  for each row execute function analytics.count_signup_step('welcome');

revoke all on function analytics.count_signup_step() from public, anon, authenticated;

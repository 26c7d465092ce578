-- Only versions the privacy note has had are consented to (docs/product.md §4.5, decision 0036).
-- The welcome request's consent version used to be stored on the caller's word: a confirmed place
-- could carry "never-shown:v0". The versions the note has had are kept in guard.consent_versions:
-- the two it started with, and every version the welcome function and the welcome sweep read as the
-- note's current one from the content (hosted Sanity, or the seed on the self-hosted server), the
-- first time they read it. A welcome request naming any other version is refused (400) before its
-- address is looked up, so that answer says nothing about who is listed.

create table guard.consent_versions (
  version text primary key check (version ~ '^[A-Za-z0-9_.:-]{1,64}$'),
  first_seen_at timestamptz not null default now()
);
alter table guard.consent_versions enable row level security;

comment on table guard.consent_versions is
  'Every version the privacy note (and the form''s notice) has had, as the functions read it from the content; a consent names one of these.';

-- The seed's note (the version every dataset started from) and the code's own words, shown while
-- the content lacks the note (web/src/shared/content/signup-fallbacks.ts, FALLBACK_CONSENT_VERSION: a new
-- one there needs a row here, and server/db/consent-versions.integration.test.ts says so).
insert into guard.consent_versions (version) values ('2026-11-23'), ('code-2026-11-23');

/** Records the privacy note's current version, read from the content; nothing when it is known already. */
create function guard.note_consent_version(current_version text) returns void
  language sql security definer
  set search_path = ''
  begin atomic
    insert into guard.consent_versions (version)
    select current_version where current_version is not null
      and not exists (select from guard.consent_versions where version = current_version)
    on conflict (version) do nothing;
  end;

/**
 * A welcome request, in one call (the statement of supabase/functions/_shared/welcome/welcome-store.ts),
 * as migration 20261125090000 made it, after two more steps once the client's limit has room: the
 * note's current version (`current_consent`, read by the caller from the content, null when it
 * could not) is recorded, then a `consent` the note never had is refused ('unknown_consent').
 */
create function guard.record_welcome(
  headers json, address text, greeting_name text, welcome_locale text, consent text, current_consent text
)
  returns table (wait integer, outcome text)
  language plpgsql security definer
  set search_path = ''
  as $$
declare
  place record;
begin
  wait := guard.take('welcome_client', guard.client_address(headers));
  if wait > 0 then
    outcome := 'limited';
    return next;
    return;
  end if;
  perform guard.note_consent_version(current_consent);
  if consent is not null and not exists (select from guard.consent_versions where version = consent) then
    outcome := 'unknown_consent';
    return next;
    return;
  end if;
  select id, email into place from public.waitlist where lower(email) = lower(address);
  if not found then
    outcome := 'not_listed';
  else
    perform pg_advisory_xact_lock(hashtextextended('welcome:' || place.id::text, 0));
    if exists (select from public.welcome_emails where waitlist_id = place.id) then
      outcome := 'already';
    elsif guard.take('welcome_recipient', guard.mailbox_key(place.email)) > 0 then
      outcome := 'mailbox_full';
    else
      insert into public.welcome_emails (waitlist_id, email, name, locale, consent_version)
      values (place.id, place.email, greeting_name, welcome_locale, consent);
      outcome := 'recorded';
    end if;
  end if;
  return next;
end;
$$;

drop function guard.record_welcome(json, text, text, text, text);

revoke all on table guard.consent_versions from public;
revoke all on function guard.note_consent_version(text) from public;
revoke all on function guard.record_welcome(json, text, text, text, text, text) from public;

-- Limits on what the public key can make us do (docs/product.md §4.6), kept in the database so
-- that both backends apply one implementation: on hosted Supabase, PostgREST runs
-- guard.check_request() before every Data API request (its db-pre-request hook, registered at
-- the end of this file); the self-hosted server calls the same function in the same place
-- (server/supabase/rest-routes.ts). The welcome function takes its limits from guard.take() too.
--
-- Every limit is per client address or per recipient, over a sliding window, never global: a
-- launch spike of real sign-ups is welcome, the outbox absorbs it.

/** The limits, one row each; change them with plain SQL (README, "Security and abuse bounds"). */
create table guard.limits (
  bucket text primary key,
  max_hits integer not null check (max_hits > 0),
  per interval not null check (per > interval '0'),
  meaning text not null
);

insert into guard.limits (bucket, max_hits, per, meaning) values
  ('signup', 10, interval '10 minutes', 'waitlist inserts per client address'),
  ('welcome_client', 10, interval '10 minutes', 'welcome requests per client address'),
  ('welcome_recipient', 3, interval '1 hour', 'welcome requests per recipient address');

/**
 * One row per accepted request, for as long as it counts. The subject (a client address or a
 * recipient) is stored only as a SHA-256 digest: the table says how often, never who.
 */
create table guard.hits (
  bucket text not null,
  subject_hash bytea not null,
  at timestamptz not null default now(),
  expires_at timestamptz not null
);
create index hits_in_window on guard.hits (bucket, subject_hash, at);
create index hits_by_expiry on guard.hits (expires_at);

alter table guard.limits enable row level security;
alter table guard.hits enable row level security;

/**
 * Counts one request of `subject` against the limit `bucket_name`. Answers 0 when it is within
 * the limit (and records it), otherwise how many seconds until the oldest request in the window
 * leaves it (recording nothing: refused requests do not extend the wait).
 */
create function guard.take(bucket_name text, subject text) returns integer
  language plpgsql security definer
  set search_path = ''
  as $$
declare
  rule guard.limits;
  digest bytea := sha256(convert_to(coalesce(subject, ''), 'UTF8'));
  used integer;
  freed_at timestamptz;
begin
  select * into rule from guard.limits where bucket = bucket_name;
  if not found then
    raise exception 'No limit named %', bucket_name using errcode = '22023';
  end if;

  -- Expired rows of any subject, a bounded batch per call (each call adds at most one): the
  -- table never holds more than the windows still open. Rows another call is deleting are skipped.
  delete from guard.hits
  where ctid = any (array(select ctid from guard.hits where expires_at <= now() limit 100 for update skip locked));

  -- Two requests of one subject wait for each other, so both cannot take the last place.
  perform pg_advisory_xact_lock(hashtextextended(bucket_name || ':' || encode(digest, 'hex'), 0));

  select count(*) into used
  from guard.hits
  where bucket = bucket_name and subject_hash = digest and at > now() - rule.per;

  if used >= rule.max_hits then
    select at + rule.per into freed_at
    from guard.hits
    where bucket = bucket_name and subject_hash = digest and at > now() - rule.per
    order by at
    offset used - rule.max_hits
    limit 1;
    return greatest(1, ceil(extract(epoch from freed_at - now())))::integer;
  end if;

  insert into guard.hits (bucket, subject_hash, at, expires_at) values (bucket_name, digest, now(), now() + rule.per);
  return 0;
end;
$$;

/**
 * The client address of a request, from the headers as PostgREST exposes them (names in lower
 * case). On hosted Supabase the request passes Cloudflare, which sets CF-Connecting-IP itself
 * (a value sent by the client is replaced); without it, the first X-Forwarded-For entry, as
 * Supabase's guide reads it. The self-hosted server removes both from what the client sent and
 * writes the address it trusts (TRUST_PROXY) into X-Forwarded-For.
 * IPv6 clients are counted per /64, the block one subscriber usually holds.
 */
create function guard.client_address(headers json) returns text
  language plpgsql immutable
  set search_path = ''
  as $$
declare
  raw text := btrim(coalesce(nullif(btrim(headers ->> 'cf-connecting-ip'), ''), split_part(headers ->> 'x-forwarded-for', ',', 1)));
  address inet;
begin
  if coalesce(raw, '') = '' then
    return 'unknown';
  end if;
  if raw ~* '^::ffff:[0-9.]+$' then
    raw := substr(raw, 8);
  end if;
  begin
    address := raw::inet;
  exception when others then
    return 'unknown';
  end;
  if family(address) = 6 then
    return host(network(set_masklen(address, 64))) || '/64';
  end if;
  return host(address);
end;
$$;

/** The largest body a sign-up needs (one row: an address, a role, a constant), with room to spare. */
create function guard.max_signup_body() returns integer
  language sql immutable
  set search_path = ''
  return 8192;

/**
 * PostgREST's pre-request hook: before a public-key insert into the waitlist runs, refuse a body
 * too large for one sign-up (413) and a client over its limit (429 with Retry-After), in the
 * form PostgREST turns into that HTTP answer (a 'PGRST' error whose message is the JSON body and
 * whose detail carries status and headers). Every other request passes untouched.
 */
create function guard.check_request() returns void
  language plpgsql security definer
  set search_path = ''
  as $$
declare
  headers json := coalesce(nullif(current_setting('request.headers', true), ''), '{}')::json;
  wait integer;
begin
  if current_setting('request.method', true) is distinct from 'POST'
     or coalesce(current_setting('request.path', true), '') !~ '^/?waitlist/?$'
     or current_setting('role', true) not in ('anon', 'authenticated') then
    return;
  end if;

  if (headers ->> 'content-length') ~ '^[0-9]{1,12}$' and (headers ->> 'content-length')::bigint > guard.max_signup_body() then
    raise sqlstate 'PGRST' using
      message = json_build_object(
        'code', 'PT413',
        'message', 'A sign-up is one small JSON object.',
        'details', format('The body may have at most %s bytes.', guard.max_signup_body()),
        'hint', null)::text,
      detail = json_build_object('status', 413, 'headers', json_build_object())::text;
  end if;

  wait := guard.take('signup', guard.client_address(headers));
  if wait > 0 then
    raise sqlstate 'PGRST' using
      message = json_build_object(
        'code', 'PT429',
        'message', 'Too many sign-ups from this address.',
        'details', format('Try again in %s seconds.', wait),
        'hint', null)::text,
      detail = json_build_object('status', 429, 'headers', json_build_object('Retry-After', wait::text))::text;
  end if;
end;
$$;

/**
 * Proof-of-work solutions already used (supabase/functions/_shared/proof-of-work/proof-of-work.ts): a
 * challenge counts once. Rows go when their challenge expires, pruned as guard.hits is.
 */
create table guard.spent_challenges (
  nonce text primary key,
  expires_at timestamptz not null
);
create index spent_challenges_by_expiry on guard.spent_challenges (expires_at);
alter table guard.spent_challenges enable row level security;

/** True the first time a challenge is spent, false every time after. */
create function guard.spend_challenge(challenge_nonce text, challenge_expires_at timestamptz) returns boolean
  language plpgsql security definer
  set search_path = ''
  as $$
declare
  added integer;
begin
  delete from guard.spent_challenges
  where ctid = any (array(select ctid from guard.spent_challenges where expires_at <= now() limit 100 for update skip locked));
  insert into guard.spent_challenges (nonce, expires_at) values (challenge_nonce, challenge_expires_at)
  on conflict (nonce) do nothing;
  get diagnostics added = row_count;
  return added = 1;
end;
$$;

revoke all on all functions in schema guard from public;
revoke all on all tables in schema guard from public;
grant execute on function guard.is_canonical_email(text) to anon, authenticated, service_role;
-- PostgREST calls the hook as the request's role; it reaches nothing else in the schema.
grant usage on schema guard to anon, authenticated;
grant execute on function guard.check_request() to anon, authenticated;

-- Hosted Supabase: PostgREST connects as authenticator; point its pre-request hook here and
-- have it reload its configuration. Elsewhere there is no authenticator and nothing to do.
do $$
begin
  if exists (select from pg_roles where rolname = 'authenticator') then
    alter role authenticator set pgrst.db_pre_request = 'guard.check_request';
    notify pgrst, 'reload config';
  end if;
end
$$;

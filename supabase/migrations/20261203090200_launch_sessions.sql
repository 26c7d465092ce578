-- The Launch tool's sessions, kept where the sign-ups are (docs/decisions/0059-launch-sessions.md):
-- the credential is a random value the server gives once a Studio proof checks out; the database
-- keeps only its SHA-256, with the Studio user it names, the proof's nonce it was opened with, and
-- when it was opened, last used and ended. Every server instance reads the same rows, so signing out
-- ends a session everywhere at once. A session lasts an hour at most and 30 minutes unused; ended
-- and expired ones are swept. Only the owner and service_role (the hosted project's secret key) run
-- these functions. The audit learns sign-outs and the refusals of the people level (decision 0060).

create table operator.sessions (
  credential_hash bytea primary key constraint sessions_hash_is_sha256 check (octet_length(credential_hash) = 32),
  actor text not null constraint sessions_actor_is_an_id check (actor ~ '^[A-Za-z0-9_-]{1,64}$'),
  -- The proof's nonce: one session per proof, ever (a replayed proof finds its nonce here).
  nonce text not null unique constraint sessions_nonce_bounded check (char_length(nonce) between 16 and 128),
  nonce_expires_at timestamptz not null,
  opened_at timestamptz not null default now(),
  seen_at timestamptz not null default now(),
  ended_at timestamptz
);
create index sessions_open_by_actor on operator.sessions (actor) where ended_at is null;
comment on table operator.sessions is
  'The Launch tool''s sessions: the hash of each credential (never the credential), its Studio user and the proof it was opened with.';

-- The nonces are spent by the sessions now (their unique nonce), not by a table of their own.
drop function public.operator_open_session(text, text, timestamptz);
drop function operator.open_session(text, text, timestamptz);
drop table operator.spent_proofs;

/**
 * Adds values to a CHECK of the form `column = any (array[…])`, keeping those another migration
 * added (as in 20261129090100: a temporary function lives one session, and a hosted push of this
 * migration alone runs in a session of its own).
 */
create or replace function pg_temp.allow_values(p_table regclass, p_constraint text, p_column text, p_values text[]) returns void
  language plpgsql
  as $$
declare
  allowed text[];
begin
  select array_agg(distinct quoted.value[1]) into allowed
  from pg_constraint as c, regexp_matches(pg_get_constraintdef(c.oid), '''([^'']+)''', 'g') as quoted(value)
  where c.conrelid = p_table and c.conname = p_constraint;
  execute format('alter table %s drop constraint %I', p_table, p_constraint);
  execute format('alter table %s add constraint %I check (%I = any (array[%s]))', p_table, p_constraint, p_column,
    (select string_agg(quote_literal(v), ', ' order by v) from unnest(allowed || p_values) as v));
end;
$$;

select pg_temp.allow_values('operator.audit', 'audit_action_known', 'action',
  array['session.ended', 'sessions.ended', 'access.refused']);

/** How long a session lasts at most, and unused: the tool asks for a new proof after either. */
create function operator.session_lifetime() returns interval language sql immutable return interval '1 hour';
create function operator.session_idle() returns interval language sql immutable return interval '30 minutes';

/**
 * Opens a session for p_actor under the credential whose SHA-256 is p_credential_hash (hex), bound
 * to the proof's nonce; false when that nonce opened one before (a replayed proof). Sweeps what has
 * ended or expired, once its nonce has expired too (so a replay still finds the nonce spent).
 */
create function operator.session_open(p_actor text, p_nonce text, p_nonce_expires_at timestamptz, p_credential_hash text)
  returns boolean
  language plpgsql security definer
  set search_path = ''
  as $$
declare
  opened integer;
begin
  delete from operator.sessions
  where nonce_expires_at < now()
    and (ended_at is not null or opened_at < now() - operator.session_lifetime()
         or seen_at < now() - operator.session_idle());
  insert into operator.sessions (credential_hash, actor, nonce, nonce_expires_at)
  values (decode(p_credential_hash, 'hex'), p_actor, p_nonce, p_nonce_expires_at)
  on conflict do nothing;
  get diagnostics opened = row_count;
  if opened = 0 then
    return false;
  end if;
  insert into operator.audit (actor, action) values (p_actor, 'session.opened');
  return true;
end;
$$;

/**
 * The Studio user of a live session (not ended, opened within the hour, used within 30 minutes),
 * else null. A use is written at most once a minute, so the tool's reads every few seconds cost a
 * read each, not a write.
 */
create function operator.session_actor(p_credential_hash text) returns text
  language plpgsql security definer
  set search_path = ''
  as $$
declare
  session operator.sessions;
begin
  select * into session from operator.sessions
  where credential_hash = decode(p_credential_hash, 'hex') and ended_at is null
    and opened_at > now() - operator.session_lifetime() and seen_at > now() - operator.session_idle();
  if not found then
    return null;
  end if;
  if session.seen_at < now() - interval '1 minute' then
    update operator.sessions set seen_at = now() where credential_hash = session.credential_hash;
  end if;
  return session.actor;
end;
$$;

/** Ends the session of one credential (signing out); false when it was not live. */
create function operator.session_end(p_credential_hash text) returns boolean
  language plpgsql security definer
  set search_path = ''
  as $$
declare
  ended_for text;
begin
  update operator.sessions set ended_at = now()
  where credential_hash = decode(p_credential_hash, 'hex') and ended_at is null
  returning actor into ended_for;
  if ended_for is null then
    return false;
  end if;
  insert into operator.audit (actor, action) values (ended_for, 'session.ended');
  return true;
end;
$$;

/** Ends every session of one Studio user, wherever it was opened ("sign out everywhere"); how many. */
create function operator.session_end_everywhere(p_actor text) returns integer
  language plpgsql security definer
  set search_path = ''
  as $$
declare
  ended integer;
begin
  update operator.sessions set ended_at = now() where actor = p_actor and ended_at is null;
  get diagnostics ended = row_count;
  insert into operator.audit (actor, action, detail) values (p_actor, 'sessions.ended', jsonb_build_object('sessions', ended));
  return ended;
end;
$$;

/** A request a member made to a people route without the people level (decision 0060): its method and route pattern. */
create function operator.record_refusal(p_actor text, p_method text, p_route text) returns void
  language sql security definer
  set search_path = ''
  as $$
  insert into operator.audit (actor, action, detail)
  values (p_actor, 'access.refused', jsonb_build_object('method', left(p_method, 10), 'route', left(p_route, 200)));
$$;

-- The same functions over PostgREST's /rpc for a hosted project (its Data API exposes public only).
create function public.operator_session_open(p_actor text, p_nonce text, p_nonce_expires_at timestamptz, p_credential_hash text)
  returns boolean
  language sql security definer set search_path = ''
  return operator.session_open(p_actor, p_nonce, p_nonce_expires_at, p_credential_hash);
create function public.operator_session_actor(p_credential_hash text) returns text
  language sql security definer set search_path = ''
  return operator.session_actor(p_credential_hash);
create function public.operator_session_end(p_credential_hash text) returns boolean
  language sql security definer set search_path = ''
  return operator.session_end(p_credential_hash);
create function public.operator_session_end_everywhere(p_actor text) returns integer
  language sql security definer set search_path = ''
  return operator.session_end_everywhere(p_actor);
create function public.operator_record_refusal(p_actor text, p_method text, p_route text) returns void
  language sql security definer set search_path = ''
  as $$ select operator.record_refusal(p_actor, p_method, p_route) $$;

revoke all on all functions in schema operator from public, anon, authenticated;
revoke all on table operator.sessions from public, anon, authenticated;
revoke all on function public.operator_session_open(text, text, timestamptz, text) from public, anon, authenticated;
revoke all on function public.operator_session_actor(text) from public, anon, authenticated;
revoke all on function public.operator_session_end(text) from public, anon, authenticated;
revoke all on function public.operator_session_end_everywhere(text) from public, anon, authenticated;
revoke all on function public.operator_record_refusal(text, text, text) from public, anon, authenticated;
grant execute on all functions in schema operator to service_role;
grant execute on function public.operator_session_open(text, text, timestamptz, text) to service_role;
grant execute on function public.operator_session_actor(text) to service_role;
grant execute on function public.operator_session_end(text) to service_role;
grant execute on function public.operator_session_end_everywhere(text) to service_role;
grant execute on function public.operator_record_refusal(text, text, text) to service_role;

-- The operators' own views of the waitlist (the Launch tool, docs/launch-api.md): the list, its
-- export and an erasure, each written to an audit log that names the Studio user and the time and
-- holds no personal data. The site server calls these after it has proved who is asking
-- (server/operator/launch-proof.ts); only the owner and service_role (the hosted project's secret
-- key) may run them, and the public roles reach nothing in the schema.

create schema operator;
revoke all on schema operator from public;

create table operator.audit (
  id bigint generated always as identity primary key,
  at timestamptz not null default now(),
  -- The Sanity user id the dataset's history gave for the proof (such as "p7Yx2Kq"): not an address.
  actor text not null constraint audit_actor_is_an_id check (actor ~ '^[A-Za-z0-9_-]{1,64}$'),
  action text not null constraint audit_action_known
    check (action in ('session.opened', 'waitlist.read', 'waitlist.exported', 'person.erased')),
  -- Counts and filters only (never a search text, an address or a name).
  detail jsonb not null default '{}'
);
comment on table operator.audit is 'Who opened the Launch tool and read, exported or erased personal data, and when.';

/** Proofs of the Studio's session already exchanged for a credential: each works once. */
create table operator.spent_proofs (
  nonce text primary key constraint spent_proofs_nonce_bounded check (char_length(nonce) between 16 and 128),
  expires_at timestamptz not null
);

/**
 * Spends a proof's nonce for p_actor and records the session in the audit log; false when the nonce
 * was spent before (a replay). Spent nonces are kept until they would have expired anyway.
 */
create function operator.open_session(p_actor text, p_nonce text, p_expires_at timestamptz) returns boolean
  language plpgsql security definer
  set search_path = ''
  as $$
declare
  spent integer;
begin
  delete from operator.spent_proofs where expires_at < now();
  insert into operator.spent_proofs (nonce, expires_at) values (p_nonce, p_expires_at) on conflict do nothing;
  get diagnostics spent = row_count;
  if spent = 0 then
    return false;
  end if;
  insert into operator.audit (actor, action) values (p_actor, 'session.opened');
  return true;
end;
$$;

/** A place as the tool shows it: the sign-up, its consent record, its welcome and its source. */
create function operator.place_json(place public.waitlist) returns jsonb
  language sql stable
  set search_path = ''
  return (
    select jsonb_build_object(
      'id', place.id,
      'email', place.email,
      'name', welcome.name,
      'role', place.role,
      'company_size', place.company_size,
      'created_at', place.created_at,
      'confirmed_at', place.confirmed_at,
      'consent_locale', place.consent_locale,
      'consent_version', place.consent_version,
      'welcome_status', welcome.status,
      'welcomed_at', welcome.sent_at,
      'source', case when place.signup_locale is null then '(unknown)'
                     else analytics.source_of(place.utm_source, place.ref, place.referrer_host) end,
      'campaign', place.utm_campaign
    )
    from (select null) one
    left join lateral (
      select e.name, e.status, e.sent_at from public.welcome_emails e
      where e.waitlist_id = place.id order by e.created_at desc limit 1
    ) welcome on true
  );

/**
 * One page of the waitlist, newest first: p_search matches the address, the name or the role (any
 * part, case ignored); p_status is 'all', 'confirmed' or 'unconfirmed'. Audited as a read, with the
 * filters' shape and the number of rows shown, never the search text.
 */
create function operator.waitlist_page(p_actor text, p_search text, p_status text, p_limit integer, p_offset integer)
  returns jsonb
  language plpgsql security definer
  set search_path = ''
  as $$
declare
  pattern text;
  answer jsonb;
begin
  if p_status is null or p_status not in ('all', 'confirmed', 'unconfirmed') then
    raise exception 'status is all, confirmed or unconfirmed' using errcode = '22023';
  end if;
  if p_limit is null or p_limit not between 1 and 200 or p_offset is null or p_offset not between 0 and 1000000 then
    raise exception 'limit is 1 to 200, offset 0 to 1000000' using errcode = '22023';
  end if;
  if char_length(coalesce(p_search, '')) > 200 then
    raise exception 'a search is at most 200 characters' using errcode = '22023';
  end if;
  pattern := '%' || replace(replace(replace(lower(coalesce(p_search, '')), '\', '\\'), '%', '\%'), '_', '\_') || '%';

  with matching as (
    select w.* from public.waitlist w
    where (p_status = 'all' or (p_status = 'confirmed') = (w.confirmed_at is not null))
      and (coalesce(p_search, '') = ''
           or lower(w.email) like pattern
           or lower(w.role) like pattern
           or exists (select from public.welcome_emails e where e.waitlist_id = w.id and lower(e.name) like pattern))
  ), shown as (
    select * from matching order by created_at desc, id limit p_limit offset p_offset
  )
  select jsonb_build_object(
    'total', (select count(*) from matching),
    'rows', coalesce((select jsonb_agg(operator.place_json(shown) order by shown.created_at desc, shown.id) from shown), '[]'::jsonb)
  ) into answer;

  insert into operator.audit (actor, action, detail)
  values (p_actor, 'waitlist.read', jsonb_build_object(
    'status', p_status, 'searched', coalesce(p_search, '') <> '', 'offset', p_offset,
    'rows', jsonb_array_length(answer -> 'rows')));
  return answer;
end;
$$;

/**
 * Every place, oldest first, with the columns of `npm run waitlist:export` (server/cli/export-waitlist.ts).
 * Audited as an export, with the number of rows.
 */
create function operator.waitlist_export(p_actor text)
  returns table (
    email text, role text, company_size text, created_at timestamptz, confirmed text, confirmed_at timestamptz,
    consent_locale text, consent_version text, locale text, welcome_status text, welcomed_at timestamptz
  )
  language plpgsql security definer
  set search_path = ''
  as $$
declare
  exported bigint;
begin
  return query
    select w.email, w.role, w.company_size, w.created_at,
           case when w.confirmed_at is null then 'no' else 'yes' end,
           w.confirmed_at, w.consent_locale, w.consent_version,
           e.locale, e.status, e.sent_at
    from public.waitlist w left join public.welcome_emails e on e.waitlist_id = w.id
    order by w.created_at, w.email;
  get diagnostics exported = row_count;
  insert into operator.audit (actor, action, detail) values (p_actor, 'waitlist.exported', jsonb_build_object('rows', exported));
end;
$$;

/**
 * An erasure request (LGPD art. 18, GDPR art. 17) for the place p_id: every place of its inbox (any
 * spelling), their welcomes, the removal memory of the inbox and its per-recipient limit entries.
 * Counted as a removal by the funnel (20261125110100_signup_attribution.sql). False when no such place.
 */
create function operator.erase(p_actor text, p_id uuid) returns boolean
  language plpgsql security definer
  set search_path = ''
  as $$
declare
  address text;
  mailbox text;
  erased integer;
begin
  select email into address from public.waitlist where id = p_id;
  if address is null then
    return false;
  end if;
  mailbox := guard.mailbox_key(address);
  perform pg_advisory_xact_lock(hashtextextended('mailbox:' || mailbox, 0));
  delete from guard.removed_mailboxes where mailbox_hash = guard.mailbox_hash(address);
  delete from guard.hits where bucket = 'welcome_recipient' and subject_hash = sha256(convert_to(mailbox, 'UTF8'));
  -- Welcomes go with their places (on delete cascade).
  delete from public.waitlist where guard.mailbox_key(email) = mailbox;
  get diagnostics erased = row_count;
  insert into operator.audit (actor, action, detail) values (p_actor, 'person.erased', jsonb_build_object('places', erased));
  return true;
end;
$$;

/** The newest audit entries, for the tool to show who did what. */
create function operator.audit_log(p_limit integer) returns jsonb
  language sql stable security definer
  set search_path = ''
  return (
    select coalesce(jsonb_agg(jsonb_build_object('at', a.at, 'actor', a.actor, 'action', a.action, 'detail', a.detail)
                              order by a.id desc), '[]'::jsonb)
    from (select * from operator.audit order by id desc limit least(greatest(coalesce(p_limit, 50), 1), 200)) a
  );

-- The same functions over PostgREST's /rpc for a hosted project (its Data API exposes public only).
create function public.operator_open_session(p_actor text, p_nonce text, p_expires_at timestamptz) returns boolean
  language sql security definer set search_path = ''
  return operator.open_session(p_actor, p_nonce, p_expires_at);
create function public.operator_waitlist_page(p_actor text, p_search text, p_status text, p_limit integer, p_offset integer)
  returns jsonb
  language sql security definer set search_path = ''
  return operator.waitlist_page(p_actor, p_search, p_status, p_limit, p_offset);
create function public.operator_waitlist_export(p_actor text)
  returns table (
    email text, role text, company_size text, created_at timestamptz, confirmed text, confirmed_at timestamptz,
    consent_locale text, consent_version text, locale text, welcome_status text, welcomed_at timestamptz
  )
  language sql security definer set search_path = ''
  as $$ select * from operator.waitlist_export(p_actor) $$;
create function public.operator_erase(p_actor text, p_id uuid) returns boolean
  language sql security definer set search_path = ''
  return operator.erase(p_actor, p_id);
create function public.operator_audit_log(p_limit integer) returns jsonb
  language sql stable security definer set search_path = ''
  return operator.audit_log(p_limit);

-- Only service_role (the secret key) and the owner run them; Supabase's default privileges would
-- grant the public roles every new function.
revoke all on all functions in schema operator from public, anon, authenticated;
revoke all on all tables in schema operator from public, anon, authenticated;
revoke all on function public.operator_open_session(text, text, timestamptz) from public, anon, authenticated;
revoke all on function public.operator_waitlist_page(text, text, text, integer, integer) from public, anon, authenticated;
revoke all on function public.operator_waitlist_export(text) from public, anon, authenticated;
revoke all on function public.operator_erase(text, uuid) from public, anon, authenticated;
revoke all on function public.operator_audit_log(integer) from public, anon, authenticated;
grant usage on schema operator to service_role;
grant execute on all functions in schema operator to service_role;
grant execute on function public.operator_open_session(text, text, timestamptz) to service_role;
grant execute on function public.operator_waitlist_page(text, text, text, integer, integer) to service_role;
grant execute on function public.operator_waitlist_export(text) to service_role;
grant execute on function public.operator_erase(text, uuid) to service_role;
grant execute on function public.operator_audit_log(integer) to service_role;

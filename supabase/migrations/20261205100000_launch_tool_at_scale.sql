-- The Launch tool with a million places (issue 41, decision 0069; `npm run bench -- scale` measures it):
-- the list newest first and its search through indexes instead of reading every place, totals
-- counted up to a bound, the next people of a wave taken from the front of the line only, the
-- waiting counted from the line's own counts, and the export read a page at a time.

-- Trigram indexes answer `like '%fragment%'` from three characters on. Supabase keeps extensions
-- in the `extensions` schema; a plain PostgreSQL or PGlite gets one here.
create schema if not exists extensions;
create extension if not exists pg_trgm with schema extensions;

-- Newest first, for the list's pages, and oldest first for the export's (read backwards).
create index waitlist_by_age on public.waitlist (created_at, id);
-- Written straight into the index (fastupdate off): a sign-up never pays for flushing a pending list.
create index waitlist_email_trigrams on public.waitlist using gin (lower(email) extensions.gin_trgm_ops) with (fastupdate = off);
create index waitlist_role_trigrams on public.waitlist using gin (lower(role) extensions.gin_trgm_ops) with (fastupdate = off);
create index welcome_name_trigrams on public.welcome_emails using gin (lower(name) extensions.gin_trgm_ops)
  with (fastupdate = off) where kind = 'welcome';

/** A total past this many is answered as "more than": counting a million places takes longer than the page. */
create function operator.count_bound() returns integer language sql immutable return 10000;

/**
 * One page of the waitlist, newest first: p_search matches the address, the name or the role (any
 * part, case ignored); p_status is 'all', 'confirmed' or 'unconfirmed'. `total` counts the matches
 * up to operator.count_bound(), `totalCapped` says there are more. A search of three characters or
 * more is answered from the trigram indexes (the places matching any of the three, then their
 * newest); a shorter one walks the places newest first until the page is full. Audited as a read,
 * with the filters' shape and the number of rows shown, never the search text.
 */
create or replace function operator.waitlist_page(p_actor text, p_search text, p_status text, p_limit integer, p_offset integer)
  returns jsonb
  language plpgsql security definer
  set search_path = ''
  -- The matches are joined to their places one by one through the primary key: a hash or merge join
  -- would read the whole waitlist for them.
  set enable_hashjoin = off
  set enable_mergejoin = off
  as $$
declare
  search text := lower(coalesce(p_search, ''));
  pattern text;
  bound integer := operator.count_bound();
  matched uuid[];
  page uuid[];
  total integer;
  answer jsonb;
begin
  if p_status is null or p_status not in ('all', 'confirmed', 'unconfirmed') then
    raise exception 'status is all, confirmed or unconfirmed' using errcode = '22023';
  end if;
  if p_limit is null or p_limit not between 1 and 200 or p_offset is null or p_offset not between 0 and 1000000 then
    raise exception 'limit is 1 to 200, offset 0 to 1000000' using errcode = '22023';
  end if;
  if char_length(search) > 200 then
    raise exception 'a search is at most 200 characters' using errcode = '22023';
  end if;
  pattern := '%' || replace(replace(replace(search, '\', '\\'), '%', '\%'), '_', '\_') || '%';

  if char_length(search) >= 3 then
    -- Each arm through its own index; their union is every place that matches, however few or many.
    select coalesce(array_agg(id), '{}') into matched from (
      select w.id from public.waitlist as w where lower(w.email) like pattern
      union
      select w.id from public.waitlist as w where lower(w.role) like pattern
      union
      select e.waitlist_id from public.welcome_emails as e where e.kind = 'welcome' and lower(e.name) like pattern
    ) as hits;
    -- Joined id by id (an array compared with `= any` would be read through for every place).
    select array_agg(w.id order by w.created_at desc, w.id desc) into page from (
      select w.id, w.created_at from unnest(matched) as hit(id) join public.waitlist as w on w.id = hit.id
      where p_status = 'all' or (p_status = 'confirmed') = (w.confirmed_at is not null)
      order by w.created_at desc, w.id desc
      limit p_limit offset p_offset
    ) as w;
    if p_status = 'all' then
      total := cardinality(matched);
    else
      select count(*) into total from (
        select from unnest(matched) as hit(id) join public.waitlist as w on w.id = hit.id
        where (p_status = 'confirmed') = (w.confirmed_at is not null)
        limit bound + 1
      ) as counted;
    end if;
  else
    select array_agg(w.id order by w.created_at desc, w.id desc) into page from (
      select w.id, w.created_at from public.waitlist as w
      where (p_status = 'all' or (p_status = 'confirmed') = (w.confirmed_at is not null))
        and (search = '' or lower(w.email) like pattern or lower(w.role) like pattern
             or exists (select from public.welcome_emails as e
                        where e.waitlist_id = w.id and e.kind = 'welcome' and lower(e.name) like pattern))
      order by w.created_at desc, w.id desc
      limit p_limit offset p_offset
    ) as w;
    select count(*) into total from (
      select from public.waitlist as w
      where (p_status = 'all' or (p_status = 'confirmed') = (w.confirmed_at is not null))
        and (search = '' or lower(w.email) like pattern or lower(w.role) like pattern
             or exists (select from public.welcome_emails as e
                        where e.waitlist_id = w.id and e.kind = 'welcome' and lower(e.name) like pattern))
      limit bound + 1
    ) as counted;
  end if;

  answer := jsonb_build_object(
    'total', least(total, bound),
    'totalCapped', total > bound,
    'rows', coalesce((select jsonb_agg(operator.place_json(w) order by shown.position)
                      from unnest(page) with ordinality as shown(id, position)
                      join public.waitlist as w on w.id = shown.id), '[]'::jsonb));

  insert into operator.audit (actor, action, detail)
  values (p_actor, 'waitlist.read', jsonb_build_object(
    'status', p_status, 'searched', search <> '', 'offset', p_offset,
    'rows', jsonb_array_length(answer -> 'rows')));
  return answer;
end;
$$;

/**
 * The export a page at a time, oldest first (created_at, id), each page after the place p_after
 * names (null: from the start), at most p_limit places (1 to 10,000), with the columns of
 * `npm run waitlist:export` and, in page_after, what to ask for the page after this place (its
 * creation time to the microsecond, which a JavaScript date would cut to the millisecond). The
 * first page is the one audited, as an export, with the number of places then.
 */
create function operator.waitlist_export_page(p_actor text, p_after jsonb, p_limit integer)
  returns table (
    id uuid, email text, role text, company_size text, created_at timestamptz, confirmed text, confirmed_at timestamptz,
    consent_locale text, consent_version text, locale text, welcome_status text, welcomed_at timestamptz, page_after jsonb
  )
  language plpgsql security definer
  set search_path = ''
  as $$
declare
  after_at timestamptz := (p_after ->> 'created_at')::timestamptz;
  after_id uuid := (p_after ->> 'id')::uuid;
begin
  if p_limit is null or p_limit not between 1 and 10000 then
    raise exception 'limit is 1 to 10000' using errcode = '22023';
  end if;
  if p_after is null then
    insert into operator.audit (actor, action, detail)
    values (p_actor, 'waitlist.exported', jsonb_build_object('rows', (select count(*) from public.waitlist)));
  end if;
  return query
    select w.id, w.email, w.role, w.company_size, w.created_at,
           case when w.confirmed_at is null then 'no' else 'yes' end,
           w.confirmed_at, w.consent_locale, w.consent_version,
           e.locale, e.status, e.sent_at, jsonb_build_object('created_at', w.created_at, 'id', w.id)
    from public.waitlist as w
    left join public.welcome_emails as e on e.waitlist_id = w.id and e.kind = 'welcome'
    where p_after is null or (w.created_at, w.id) > (after_at, after_id)
    order by w.created_at, w.id
    limit p_limit;
end;
$$;

create function public.operator_waitlist_export_page(p_actor text, p_after jsonb, p_limit integer)
  returns table (
    id uuid, email text, role text, company_size text, created_at timestamptz, confirmed text, confirmed_at timestamptz,
    consent_locale text, consent_version text, locale text, welcome_status text, welcomed_at timestamptz, page_after jsonb
  )
  language sql security definer set search_path = ''
  as $$ select * from operator.waitlist_export_page(p_actor, p_after, p_limit) $$;

revoke all on function operator.waitlist_export_page(text, jsonb, integer) from public, anon, authenticated;
revoke all on function public.operator_waitlist_export_page(text, jsonb, integer) from public, anon, authenticated;
revoke all on function operator.count_bound() from public, anon, authenticated;
grant execute on function operator.waitlist_export_page(text, jsonb, integer) to service_role;
grant execute on function public.operator_waitlist_export_page(text, jsonb, integer) to service_role;

/**
 * The first p_count places in line (docs/product.md §13.3), from the front of the line only: a
 * credit moves a person at most places_per_referral × their credits forward, so nobody further back
 * than p_count plus the most any credited person moves can be among the first p_count. Ranked
 * within that front as the whole line ranks them (their places are the whole line's).
 */
create or replace function referrals.ranking(p_count integer) returns table (waitlist_id uuid, place bigint)
  language sql stable
  set search_path = ''
  set jit = off
  as $$
  with settings as (
    select places_per_referral as per_credit from referrals.settings
  ), front as (
    select p.waitlist_id, p.joined_at, p.credited,
           row_number() over (order by p.joined_at, p.waitlist_id) as joined_place
    from referrals.people as p
    where p.waiting
    order by p.joined_at, p.waitlist_id
    limit p_count + (select per_credit from settings)
                    * coalesce((select max(b.credited) from referrals.boosted as b), 0)
  )
  select front.waitlist_id,
         rank() over (order by front.joined_place - (select per_credit from settings) * front.credited,
                               front.credited desc, front.joined_at, front.waitlist_id)
  from front
  order by 2
  limit p_count;
$$;

/**
 * The next p_count people a wave would invite, and how many wait in all (the line's own counts,
 * referrals.waiting_hours: confirmed, listed and not yet invited).
 */
create or replace function invites.preview(p_actor text, p_count integer) returns jsonb
  language plpgsql security definer
  set search_path = ''
  as $$
declare
  answer jsonb;
begin
  perform invites.check_count(p_count);
  select jsonb_build_object(
    'waiting', (select coalesce(sum(h.waiting), 0) from referrals.waiting_hours as h),
    'people', coalesce(jsonb_agg(jsonb_build_object(
        'id', w.id, 'email', w.email,
        'name', invites.name_of(w), 'role', w.role, 'locale', invites.locale_of(w), 'createdAt', w.created_at, 'confirmedAt', w.confirmed_at)
      order by next.position), '[]'::jsonb))
  into answer
  from invites.next_candidates(p_count) with ordinality as next(waitlist_id, position)
  join public.waitlist as w on w.id = next.waitlist_id;

  insert into operator.audit (actor, action, detail)
  values (p_actor, 'invites.previewed', jsonb_build_object('count', p_count, 'shown', jsonb_array_length(answer -> 'people')));
  return answer;
end;
$$;

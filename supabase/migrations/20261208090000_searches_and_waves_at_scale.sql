-- The Launch tool's searches and the next of a wave with a million places (issue 41, decision 0085;
-- `npm run bench -- scale` measures them): a search found in thousands of places reads only the
-- newest of them, its matches counted up to a bound of their own, and a wave's preview reads each
-- person's welcome once instead of twice per person through a function call.

/** A search's matches past this many are answered as "more than": each one counted is a row read. */
create function operator.search_count_bound() returns integer language sql immutable return 1000;

-- The welcomes by age, so a search's names can be taken from the newest places only (a welcome is
-- written after its place, so a place newer than a moment has its welcome newer than it too).
create index welcome_by_age on public.welcome_emails (created_at) where kind = 'welcome';

/**
 * The places whose p_arm ('email', 'role' or 'name' of the welcome) contains p_pattern (a `like`
 * pattern of lower case), in status p_status, at most p_cap of them, found through the arm's trigram
 * index. Planned for its arguments each time (the pattern decides which index pays).
 */
create function operator.search_hits(p_arm text, p_pattern text, p_status text, p_cap integer)
  returns uuid[]
  language plpgsql stable
  set search_path = ''
  set jit = off
  set plan_cache_mode = force_custom_plan
  -- The names are joined to their places one by one through the primary key: a hash or merge join
  -- would read the whole waitlist for them.
  set enable_hashjoin = off
  set enable_mergejoin = off
  as $$
declare
  hits uuid[];
begin
  if p_arm = 'email' then
    select array_agg(hit.id) into hits from (
      select w.id from public.waitlist as w
      where lower(w.email) like p_pattern and (p_status = 'all' or (p_status = 'confirmed') = (w.confirmed_at is not null))
      limit p_cap) as hit;
  elsif p_arm = 'role' then
    select array_agg(hit.id) into hits from (
      select w.id from public.waitlist as w
      where lower(w.role) like p_pattern and (p_status = 'all' or (p_status = 'confirmed') = (w.confirmed_at is not null))
      limit p_cap) as hit;
  else
    select array_agg(hit.id) into hits from (
      select w.id from public.welcome_emails as e join public.waitlist as w on w.id = e.waitlist_id
      where e.kind = 'welcome' and lower(e.name) like p_pattern
        and (p_status = 'all' or (p_status = 'confirmed') = (w.confirmed_at is not null))
      limit p_cap) as hit;
  end if;
  return coalesce(hits, '{}');
end;
$$;

/**
 * Every place created at or after p_since and before p_before (null: now) whose address, role or welcome's name contains p_pattern,
 * in status p_status: the span's places and welcomes read by age and each checked, a cost that
 * grows with the span, not with the pattern's matches in the whole list. (Left to itself, the
 * planner, which cannot tell that a fragment's trigrams are shared by tens of thousands of rows that
 * do not hold it, as an address's `maria.lima` and a name's `Maria Lima`, would at times read every
 * one of them.)
 */
create function operator.search_hits_between(p_pattern text, p_status text, p_since timestamptz, p_before timestamptz)
  returns uuid[]
  language plpgsql stable
  set search_path = ''
  set jit = off
  set plan_cache_mode = force_custom_plan
  set enable_hashjoin = off
  set enable_mergejoin = off
  as $$
declare
  hits uuid[];
begin
  select coalesce(array_agg(hit.id), '{}') into hits from (
    -- `offset 0`: the span first, by age, then each row's fields.
    select w.id
    from (select w.id, w.email, w.role, w.confirmed_at from public.waitlist as w
          where w.created_at >= p_since and (p_before is null or w.created_at < p_before) offset 0) as w
    where (lower(w.email) like p_pattern or lower(w.role) like p_pattern)
      and (p_status = 'all' or (p_status = 'confirmed') = (w.confirmed_at is not null))
    union
    select w.id
    from (select e.waitlist_id, e.name from public.welcome_emails as e
          where e.kind = 'welcome' and e.created_at >= p_since offset 0) as e
    join public.waitlist as w on w.id = e.waitlist_id
    where lower(e.name) like p_pattern and w.created_at >= p_since and (p_before is null or w.created_at < p_before)
      and (p_status = 'all' or (p_status = 'confirmed') = (w.confirmed_at is not null))
  ) as hit;
  return hits;
end;
$$;

/**
 * One page of the waitlist, newest first: p_search matches the address, the name or the role (any
 * part, case ignored); p_status is 'all', 'confirmed' or 'unconfirmed'. `total` counts the matches
 * up to operator.count_bound(), or operator.search_count_bound() for a search, and `totalCapped`
 * says there are more. A search of three characters or more is answered from the trigram indexes:
 * each of the three counted up to the search's bound (stopping at the first past it); when all of
 * them are within it their matches are sorted, and when they are more the page is taken from the
 * matches among the newest 5,000 places, then among the places before those as far as the
 * matches' density asks (2 to 8 times as far), and so on until it is full. A shorter search walks
 * the places newest first until the page is full. Audited as a read, with the filters' shape and
 * the number of rows shown, never the search text.
 */
create or replace function operator.waitlist_page(p_actor text, p_search text, p_status text, p_limit integer, p_offset integer)
  returns jsonb
  language plpgsql security definer
  set search_path = ''
  set jit = off
  set enable_hashjoin = off
  set enable_mergejoin = off
  as $$
declare
  search text := lower(coalesce(p_search, ''));
  pattern text;
  bound integer := operator.count_bound();
  -- The arm most likely to pass the bound first: an address never holds a space, a name often does.
  arms text[] := case when position(' ' in search) > 0 then array['name', 'role', 'email'] else array['email', 'role', 'name'] end;
  arm text;
  hits uuid[];
  matched uuid[] := '{}';
  newest integer := 5000;
  since timestamptz;
  before timestamptz;
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
    bound := operator.search_count_bound();
    foreach arm in array arms loop
      hits := operator.search_hits(arm, pattern, p_status, bound + 1);
      matched := matched || hits;
      exit when cardinality(hits) > bound;
    end loop;
    select coalesce(array_agg(distinct hit), '{}') into matched from unnest(matched) as hit;
    total := cardinality(matched);
    -- More than the bound: the page is among the newest matches, found span after span of the newest places.
    if total > bound then
      matched := '{}';
      loop
        select w.created_at into since from public.waitlist as w order by w.created_at desc, w.id desc offset newest limit 1;
        if since is null then
          -- Fewer places than that in all: every match, through the trigram indexes.
          select coalesce(array_agg(distinct hit), '{}') into matched from unnest(
            operator.search_hits('email', pattern, p_status, null) || operator.search_hits('role', pattern, p_status, null)
            || operator.search_hits('name', pattern, p_status, null)) as hit;
          exit;
        end if;
        matched := matched || operator.search_hits_between(pattern, p_status, since, before);
        exit when cardinality(matched) >= p_offset + p_limit;
        -- The next span reaches as far as the matches' density so far says the page needs (with a
        -- quarter to spare), 2 to 8 times as far as this one.
        before := since;
        newest := newest * least(8, greatest(2, ceil((p_offset + p_limit) * 1.25 / greatest(cardinality(matched), 1))))::integer;
      end loop;
    end if;
    -- Joined id by id (an array compared with `= any` would be read through for every place).
    select array_agg(w.id order by w.created_at desc, w.id desc) into page from (
      select w.id, w.created_at from unnest(matched) as hit(id) join public.waitlist as w on w.id = hit.id
      order by w.created_at desc, w.id desc
      limit p_limit offset p_offset
    ) as w;
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

revoke all on function operator.search_count_bound() from public, anon, authenticated;
revoke all on function operator.search_hits(text, text, text, integer) from public, anon, authenticated;
revoke all on function operator.search_hits_between(text, text, timestamptz, timestamptz) from public, anon, authenticated;

/** The language a person is written to: their welcome's (p_welcome_locale), else the one they confirmed or signed up in. */
create function invites.locale_chosen(p_welcome_locale text, place public.waitlist) returns text
  language sql immutable
  set search_path = ''
  return coalesce(p_welcome_locale, place.consent_locale, place.signup_locale, 'pt');

create or replace function invites.locale_of(place public.waitlist) returns text
  language sql stable
  set search_path = ''
  return invites.locale_chosen(
    (select e.locale from public.welcome_emails as e where e.waitlist_id = place.id and e.kind = 'welcome'), place);

revoke all on function invites.locale_chosen(text, public.waitlist) from public, anon, authenticated;
-- As every function of the schema (20261127090000_invite_waves.sql): invites.locale_of, which service_role may call, calls it.
grant execute on function invites.locale_chosen(text, public.waitlist) to service_role;

/**
 * The next p_count people a wave would invite, and how many wait in all (the line's own counts,
 * referrals.waiting_hours: confirmed, listed and not yet invited). Each person's welcome is joined
 * once, for the name and the language.
 */
create or replace function invites.preview(p_actor text, p_count integer) returns jsonb
  language plpgsql security definer
  set search_path = ''
  set jit = off
  as $$
declare
  answer jsonb;
begin
  perform invites.check_count(p_count);
  select jsonb_build_object(
    'waiting', (select coalesce(sum(h.waiting), 0) from referrals.waiting_hours as h),
    'people', coalesce(jsonb_agg(jsonb_build_object(
        'id', w.id, 'email', w.email, 'name', e.name, 'role', w.role, 'locale', invites.locale_chosen(e.locale, w),
        'createdAt', w.created_at, 'confirmedAt', w.confirmed_at)
      order by next.position), '[]'::jsonb))
  into answer
  from invites.next_candidates(p_count) with ordinality as next(waitlist_id, position)
  join public.waitlist as w on w.id = next.waitlist_id
  left join public.welcome_emails as e on e.waitlist_id = w.id and e.kind = 'welcome';

  insert into operator.audit (actor, action, detail)
  values (p_actor, 'invites.previewed', jsonb_build_object('count', p_count, 'shown', jsonb_array_length(answer -> 'people')));
  return answer;
end;
$$;

-- The Launch tool's search at a million places reads less (issue 41, decision 0089; `npm run bench --
-- scale` measures it): the newest places' addresses, roles and names are read from indexes that
-- hold them in lower case, a name is counted without its place when no status is asked for, each
-- span of the list is as long as all the spans before it, and matches that are rare among the newest
-- places but few in all are sorted instead of read for span after span.

/**
 * The places whose p_arm ('email', 'role' or 'name' of the welcome) contains p_pattern (a `like`
 * pattern of lower case), in status p_status, at most p_cap of them, found through the arm's trigram
 * index. Planned for its arguments each time (the pattern decides which index pays).
 */
create or replace function operator.search_hits(p_arm text, p_pattern text, p_status text, p_cap integer)
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
  elsif p_status = 'all' then
    -- Every welcome has its place (a foreign key) and a place one welcome: with no status to check,
    -- the names alone (joining each to its place was a third of this count's time at a million).
    select array_agg(hit.waitlist_id) into hits from (
      select e.waitlist_id from public.welcome_emails as e
      where e.kind = 'welcome' and lower(e.name) like p_pattern
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

-- The spans' reads, each from an index that holds what a search compares, in lower case, and what
-- it answers (an index-only scan: neither the place's row nor the welcome's is read, and lower() is
-- not called again for each of them). The welcomes' index takes the place of welcome_by_age.
create index waitlist_search_by_age on public.waitlist (created_at, lower(email), lower(role)) include (id, email, role, confirmed_at);
drop index public.welcome_by_age;
create index welcome_search_by_age on public.welcome_emails (created_at, lower(name)) include (waitlist_id, name) where kind = 'welcome';

/**
 * Every place created at or after p_since and before p_before (null: now) whose address, role or welcome's name contains p_pattern,
 * in status p_status: the span's places and welcomes read by age and each checked, a cost that
 * grows with the span, not with the pattern's matches in the whole list. The places' and welcomes'
 * fields come in lower case from waitlist_search_by_age and welcome_search_by_age.
 */
create or replace function operator.search_hits_between(p_pattern text, p_status text, p_since timestamptz, p_before timestamptz)
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
    from (select w.id, lower(w.email) as email, lower(w.role) as role, w.confirmed_at from public.waitlist as w
          where w.created_at >= p_since and (p_before is null or w.created_at < p_before) offset 0) as w
    where (w.email like p_pattern or w.role like p_pattern)
      and (p_status = 'all' or (p_status = 'confirmed') = (w.confirmed_at is not null))
    union
    select w.id
    from (select e.waitlist_id, lower(e.name) as name from public.welcome_emails as e
          where e.kind = 'welcome' and e.created_at >= p_since offset 0) as e
    join public.waitlist as w on w.id = e.waitlist_id
    where e.name like p_pattern and w.created_at >= p_since and (p_before is null or w.created_at < p_before)
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
 * matches among the newest 5,000 places, then among the places before those, each span as long as
 * all the spans before it, until it is full; when 10,000 places have not filled it and the matches
 * are at most 5,000 in all, from all of them sorted. A shorter search walks the places newest first
 * until the page is full. Audited as a read, with the filters' shape and the number of rows shown, never
 * the search text.
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
  span integer := 5000;
  read integer := 0;
  every_match uuid[];
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
        -- The span's oldest place, `span` places on from the last span (the places already read are not walked again).
        if before is null then
          select w.created_at into since from public.waitlist as w order by w.created_at desc, w.id desc offset span - 1 limit 1;
        else
          select w.created_at into since from public.waitlist as w where w.created_at < before
          order by w.created_at desc, w.id desc offset span - 1 limit 1;
        end if;
        if since is null then
          -- Fewer places than that left: every match, through the trigram indexes.
          select coalesce(array_agg(distinct hit), '{}') into matched from unnest(
            operator.search_hits('email', pattern, p_status, null) || operator.search_hits('role', pattern, p_status, null)
            || operator.search_hits('name', pattern, p_status, null)) as hit;
          exit;
        end if;
        matched := matched || operator.search_hits_between(pattern, p_status, since, before);
        exit when cardinality(matched) >= p_offset + p_limit;
        -- The next span as long as all the spans read so far: at most twice the places the page
        -- needed are read, however unlike the rest of the list the newest places are (a first span
        -- of other people's sign-ups once sent the density's guess to 30,000 places for 2,000).
        before := since;
        read := read + span;
        span := read;
        -- Ten thousand places read and the page not full: the matches are rare among the newest places.
        -- When they are at most 5,000 in all (each arm counted up to that), sorting all of them costs
        -- less than reading on (a place's number in an address: 2,500 matches, 80,000 places read).
        -- Counted only when the newest places' matches, spread over the whole list (the planner's
        -- estimate of its size), would be that few: a deep page of a common name is not.
        if read = 10000 and cardinality(matched) * (select c.reltuples from pg_catalog.pg_class as c
                                                     where c.oid = 'public.waitlist'::regclass) / read <= 5000 then
          every_match := '{}';
          foreach arm in array arms loop
            hits := operator.search_hits(arm, pattern, p_status, 5001);
            every_match := every_match || hits;
            exit when cardinality(hits) > 5000;
          end loop;
          if cardinality(hits) <= 5000 then
            select coalesce(array_agg(distinct hit), '{}') into matched from unnest(every_match) as hit;
            exit;
          end if;
        end if;
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

-- A search's page is built in one statement and its matches are counted to 5,000 later (issue 41,
-- decision 0092; `npm run bench -- scale` measures it): the page's places become JSON in one query
-- instead of a function call each, and a search whose matches the newest places hold few of reads
-- 20,000 places, not 10,000, before it counts them, since reading 10,000 places more costs less than
-- a count that finds more than 5,000.

/**
 * The operators' view of each place of p_ids, in that order (a page of the list): one statement for
 * the page, where a function per place cost 0.2-0.3 ms each at a million (decision 0092).
 * Joined id by id: a hash or merge join would read every welcome and invitation for a page.
 */
create function operator.places_json(p_ids uuid[]) returns jsonb
  language sql stable
  set search_path = ''
  set enable_hashjoin = off
  set enable_mergejoin = off
  return (
    select coalesce(jsonb_agg(jsonb_build_object(
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
      'source', updates.source_of(place),
      'campaign', place.utm_campaign,
      'invited_at', invitation.invited_at,
      'activated_at', invitation.activated_at,
      'undeliverable', guard.undeliverable(place.email)
    ) order by shown.position), '[]'::jsonb)
    from unnest(p_ids) with ordinality as shown(id, position)
    join public.waitlist as place on place.id = shown.id
    left join public.welcome_emails as welcome on welcome.waitlist_id = place.id and welcome.kind = 'welcome'
    left join invites.invitations as invitation on invitation.waitlist_id = place.id
  );

/**
 * One page of the waitlist, newest first: p_search matches the address, the name or the role (any
 * part, case ignored); p_status is 'all', 'confirmed' or 'unconfirmed'. `total` counts the matches
 * up to operator.count_bound(), or operator.search_count_bound() for a search, and `totalCapped`
 * says there are more. A search of three characters or more is answered from the trigram indexes:
 * each of the three counted up to the search's bound (stopping at the first past it); when all of
 * them are within it their matches are sorted, and when they are more the page is taken from the
 * matches among the newest 5,000 places, then among the places before those, each span as long as
 * all the spans before it, until it is full; when 20,000 places have not filled it and the matches
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
        -- Twenty thousand places read and the page not full: the matches are rare among the newest places.
        -- When they are at most 5,000 in all (each arm counted up to that), sorting all of them costs
        -- less than reading on (a place's number in an address: 2,500 matches, 80,000 places read).
        -- Counted only when the newest places' matches, spread over the whole list (the planner's
        -- estimate of its size), would be that few: a deep page of a common name is not. Not at
        -- 10,000 (decision 0092): reading 10,000 places more costs less than a count that finds
        -- more than 5,000, and fills the page of a common name whose newest places hold few of it
        -- (a campaign's hour of sign-ups from elsewhere).
        if read = 20000 and cardinality(matched) * (select c.reltuples from pg_catalog.pg_class as c
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
    'rows', operator.places_json(page));

  insert into operator.audit (actor, action, detail)
  values (p_actor, 'waitlist.read', jsonb_build_object(
    'status', p_status, 'searched', search <> '', 'offset', p_offset,
    'rows', jsonb_array_length(answer -> 'rows')));
  return answer;
end;
$$;

-- The page's JSON is operator.places_json's now.
drop function operator.place_json(public.waitlist);

-- Called only by operator.waitlist_page, as its owner (as operator.search_hits is).
revoke all on function operator.places_json(uuid[]) from public, anon, authenticated;

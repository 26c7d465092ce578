-- The export's audit entry without a count(*) of the whole list first (docs/decisions/0085, "The
-- export's first byte"): at a million places that count held back the first page by a quarter of a
-- second. The first page writes the entry with no count; the cursor each page hands back carries the
-- entry's id and the places exported so far; the page that comes back short (the last) writes the
-- count into the entry. An export stopped half-way leaves its entry with `{}`: it was begun, not
-- finished. The cursor comes from the server or the hosted RPC with the secret key (the function is
-- theirs alone), and the entry it names is updated only if it is this actor's export.
create or replace function operator.waitlist_export_page(p_actor text, p_after jsonb, p_limit integer)
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
  audit_id bigint := (p_after ->> 'audit')::bigint;
  exported bigint := coalesce((p_after ->> 'exported')::bigint, 0);
  served bigint;
begin
  if p_limit is null or p_limit not between 1 and 10000 then
    raise exception 'limit is 1 to 10000' using errcode = '22023';
  end if;
  if p_after is null then
    insert into operator.audit (actor, action) values (p_actor, 'waitlist.exported') returning operator.audit.id into audit_id;
  end if;
  return query
    select w.id, w.email, w.role, w.company_size, w.created_at,
           case when w.confirmed_at is null then 'no' else 'yes' end,
           w.confirmed_at, w.consent_locale, w.consent_version,
           e.locale, e.status, e.sent_at,
           jsonb_build_object('created_at', w.created_at, 'id', w.id, 'audit', audit_id,
                              'exported', exported + row_number() over (order by w.created_at, w.id))
    from public.waitlist as w
    left join public.welcome_emails as e on e.waitlist_id = w.id and e.kind = 'welcome'
    where p_after is null or (w.created_at, w.id) > (after_at, after_id)
    order by w.created_at, w.id
    limit p_limit;
  get diagnostics served = row_count;
  if served < p_limit then
    update operator.audit as a set detail = jsonb_build_object('rows', exported + served)
    where a.id = audit_id and a.actor = p_actor and a.action = 'waitlist.exported';
  end if;
end;
$$;

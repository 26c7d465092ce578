-- The waitlist's CSV written by the database, a page at a time (issue 41, decision 0080): the server
-- and `npm run waitlist:export` pass each page's text along as it comes, instead of building a
-- dozen objects per place (a million places made the server's memory grow by 120-160 MB, the
-- garbage of those objects, where a page of text grows it by less than 20 MB).

/**
 * One CSV field (RFC 4180), safe to open in a spreadsheet: quoted, and wherever a cell could begin
 * with a formula sign (= + - @, or their full-width forms) — at the start, or after a comma, a
 * semicolon (pt-BR spreadsheets split on it), a tab or a line break inside the field, blanks
 * allowed before it — a quote goes first, so the spreadsheet shows text. Null is an empty field.
 * A tab that opens the field is a blank before the sign, not a separator (the quote goes before it).
 * A standard SQL body: its names are resolved now, not by the caller's search_path, and the
 * planner inlines it (a `set search_path` clause would forbid that), once per field of a million.
 */
create function operator.csv_field(p_value text) returns text
  language sql immutable parallel safe
  return '"' || pg_catalog.replace(
    pg_catalog.regexp_replace(coalesce(p_value, ''), E'(^|[,;\n]|(?<=.)\t|\r\n?)([ \t]*)(?=[=+@＝＋－＠-])', E'\\1''\\2', 'g'),
    '"', '""') || '"';

/** A moment as the export writes it: ISO 8601 in UTC, to the millisecond. */
create function operator.csv_moment(p_moment timestamptz) returns text
  language sql stable parallel safe
  return operator.csv_field(pg_catalog.to_char(p_moment at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'));

/**
 * One page of the export as CSV text: the places of operator.waitlist_export_page (oldest first,
 * after the place p_after names, at most p_limit), one line each, with the header line first on the
 * first page (p_after null, the one audited). Answers one row (csv, rows, confirmed, after): `after` names
 * the page's last place (what to ask for the page after it), null when the page is empty, which
 * is the end. One row, not a row per place: PostgREST's max-rows never cuts it short; the text a
 * column of its own, not inside JSON, so the server takes it as it comes, without a second copy.
 */
create function operator.waitlist_export_csv(p_actor text, p_after jsonb, p_limit integer)
  returns table (csv text, rows integer, confirmed integer, after jsonb)
  language sql security definer
  set search_path = ''
  as $$
  select
    case when p_after is null
      then operator.csv_field('email') || ',' || operator.csv_field('role') || ',' || operator.csv_field('company_size')
        || ',' || operator.csv_field('created_at') || ',' || operator.csv_field('confirmed') || ','
        || operator.csv_field('confirmed_at') || ',' || operator.csv_field('consent_locale') || ','
        || operator.csv_field('consent_version') || ',' || operator.csv_field('locale') || ','
        || operator.csv_field('welcome_status') || ',' || operator.csv_field('welcomed_at') || E'\r\n'
      else ''
    end || coalesce(string_agg(
      operator.csv_field(page.email) || ',' || operator.csv_field(page.role) || ',' || operator.csv_field(page.company_size)
        || ',' || operator.csv_moment(page.created_at) || ',' || operator.csv_field(page.confirmed) || ','
        || operator.csv_moment(page.confirmed_at) || ',' || operator.csv_field(page.consent_locale) || ','
        || operator.csv_field(page.consent_version) || ',' || operator.csv_field(page.locale) || ','
        || operator.csv_field(page.welcome_status) || ',' || operator.csv_moment(page.welcomed_at) || E'\r\n',
      '' order by page.n), ''),
    count(*)::integer,
    (count(*) filter (where page.confirmed = 'yes'))::integer,
    (array_agg(page.page_after order by page.n desc))[1]
  from operator.waitlist_export_page(p_actor, p_after, p_limit) with ordinality as page(
    id, email, role, company_size, created_at, confirmed, confirmed_at, consent_locale, consent_version, locale,
    welcome_status, welcomed_at, page_after, n)
$$;

/** The same page over PostgREST's /rpc, for the hosted Supabase project (the Data API exposes public only). */
create function public.operator_waitlist_export_csv(p_actor text, p_after jsonb, p_limit integer)
  returns table (csv text, rows integer, confirmed integer, after jsonb)
  language sql security definer
  set search_path = ''
  as $$ select * from operator.waitlist_export_csv(p_actor, p_after, p_limit) $$;

-- The rows' page of 20261205100000 is read by the one above only now.
drop function public.operator_waitlist_export_page(text, jsonb, integer);

revoke all on function operator.csv_field(text) from public, anon, authenticated;
revoke all on function operator.csv_moment(timestamptz) from public, anon, authenticated;
revoke all on function operator.waitlist_export_csv(text, jsonb, integer) from public, anon, authenticated;
revoke all on function public.operator_waitlist_export_csv(text, jsonb, integer) from public, anon, authenticated;
grant execute on function operator.waitlist_export_csv(text, jsonb, integer) to service_role;
grant execute on function public.operator_waitlist_export_csv(text, jsonb, integer) to service_role;

-- Every address a published page has had (docs/decisions/0077-old-addresses-remembered-by-the-server.md):
-- the site server writes each page's paths here as it routes them, so that when an editor changes a
-- page's slug, or a script does, the old address answers a permanent redirect to the page's address
-- now, in the same language, whatever wrote the change. Nothing personal: paths and page ids only.
--
-- Reached only through the two functions below, by service_role (the secret key) and the owner: the
-- self-hosted server runs them on its own connection, the one in front of hosted Supabase over
-- PostgREST's /rpc, as it does the counting's (20261125110000_analytics.sql).

create schema if not exists site;
revoke all on schema site from public;

/** The page last seen at each address, in the address's language. */
create table site.page_paths (
  path text primary key check (path ~ '^/[a-z0-9/-]{0,63}$'),
  page text not null check (page ~ '^[A-Za-z0-9_-]{1,128}$'),
  locale text not null check (locale in ('pt', 'en')),
  seen_at timestamptz not null default now()
);
alter table site.page_paths enable row level security;
comment on table site.page_paths is
  'Each address a published page has had, with that page: an address it no longer has redirects to the one it has now.';

/**
 * Notes the addresses pages have now, [{path, page, locale}]: a new one is remembered, one that another
 * page has taken is that page's from now on. Answers how many rows changed.
 */
create function public.site_remember_page_paths(p_paths jsonb) returns integer
  language plpgsql security definer
  set search_path = ''
  as $$
declare
  changed integer;
begin
  insert into site.page_paths as known (path, page, locale)
  select p.path, p.page, p.locale from jsonb_to_recordset(p_paths) as p(path text, page text, locale text)
  on conflict (path) do update set page = excluded.page, locale = excluded.locale, seen_at = now()
  where known.page is distinct from excluded.page or known.locale is distinct from excluded.locale;
  get diagnostics changed = row_count;
  return changed;
end;
$$;

/** Every remembered address, as [{path, page, locale}]. */
create function public.site_page_paths() returns jsonb
  language sql stable security definer
  set search_path = ''
  return coalesce(
    (select jsonb_agg(jsonb_build_object('path', path, 'page', page, 'locale', locale) order by path) from site.page_paths),
    '[]'::jsonb);

revoke all on all tables in schema site from public, anon, authenticated;
revoke all on function public.site_remember_page_paths(jsonb) from public, anon, authenticated;
revoke all on function public.site_page_paths() from public, anon, authenticated;
grant usage on schema site to service_role;
grant execute on function public.site_remember_page_paths(jsonb) to service_role;
grant execute on function public.site_page_paths() to service_role;

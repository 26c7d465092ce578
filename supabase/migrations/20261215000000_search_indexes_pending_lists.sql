-- A sign-up's address, role and name go to the trigram indexes' pending lists, merged into the
-- indexes every few seconds off the sign-up's path (issue 41, decision 0105). Written straight into
-- the indexes (fastupdate off, migration 20261205100000), a sign-up changed a page of each index per
-- trigram, 35 pages at a million places, and the first change to a page after a checkpoint writes the
-- whole page to the WAL: one insert right after a checkpoint wrote 192 kB of WAL, which its commit
-- waited for. A pending list takes each new entry on its last page: 46 kB.
alter index public.waitlist_email_trigrams set (fastupdate = on);
alter index public.waitlist_role_trigrams set (fastupdate = on);
alter index public.welcome_name_trigrams set (fastupdate = on);

/**
 * Merges the three search indexes' pending lists into the indexes and answers the pages it emptied.
 * The server calls it every few seconds (server/db/maintenance.ts), pg_cron on Supabase; a pending
 * list left past `gin_pending_list_limit` (4 MB) would be merged by the sign-up that crossed it.
 * Must run as the indexes' owner, as VACUUM must.
 */
create function operator.merge_search_pending_lists() returns bigint
language sql
set search_path = ''
as $$
  select pg_catalog.gin_clean_pending_list('public.waitlist_email_trigrams'::regclass)
       + pg_catalog.gin_clean_pending_list('public.waitlist_role_trigrams'::regclass)
       + pg_catalog.gin_clean_pending_list('public.welcome_name_trigrams'::regclass)
$$;
revoke all on function operator.merge_search_pending_lists() from public, anon, authenticated;

-- On Supabase no server of ours reaches the database: pg_cron merges the lists there (enabled before
-- `db push`, docs/operations.md). Where pg_cron is not in this database the server does it; a
-- PostgreSQL that merely ships pg_cron may allow it in one other database only, so it is not created
-- here, and schedules in seconds need pg_cron 1.5 (Debian's PostgreSQL 15 ships 1.4).
do $$
begin
  if exists (select from pg_catalog.pg_extension where extname = 'pg_cron'
             and string_to_array(split_part(extversion, '-', 1), '.')::int[] >= array[1, 5]) then
    perform cron.schedule('merge-search-pending-lists', '10 seconds', 'select operator.merge_search_pending_lists()');
  end if;
end
$$;

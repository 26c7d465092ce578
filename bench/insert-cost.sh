#!/usr/bin/env bash
# `npm run bench:insert`: the database time of one sign-up's insert alone, with every trigger it
# fires, from one pgbench client: a throwaway database on TEST_DATABASE_URL's server, migrated from
# supabase/migrations, then 3 runs of 3,000 inserts of the statement the server sends (its request
# headers set as it sets them). Commit waits are left out (synchronous_commit off), so the figure is
# the work, not the disk. docs/operations.md, "The burst after counting…".
set -euo pipefail
cd "$(dirname "$0")/.."
: "${TEST_DATABASE_URL:?set TEST_DATABASE_URL (bash scripts/test-postgres.sh prints one)}"
command -v pgbench >/dev/null || { echo "pgbench not found (Debian: postgresql-client)" >&2; exit 1; }

name="pulso_insert_cost_$$"
admin="$TEST_DATABASE_URL"
target="${admin%/*}/$name"
migrations="$(mktemp --suffix=.sql)"
inserts="$(mktemp --suffix=.pgb)"
trap 'psql -q "$admin" -c "drop database if exists $name with (force)" >/dev/null; rm -f "$migrations" "$inserts"' EXIT

psql -q "$admin" -c "create database $name" >/dev/null
{
  echo "grant anon, authenticated to current_user;"
  for migration in supabase/migrations/*.sql; do echo "\\i $migration"; done
} >"$migrations"
psql -q -v ON_ERROR_STOP=1 "$target" -f "$migrations" >/dev/null 2>&1

cat >"$inserts" <<'SQL'
\set n random(1, 1000000000000)
\set a random(1, 250)
\set b random(1, 250)
\set c random(1, 250)
begin;
select set_config('request.method', 'POST', true), set_config('request.path', '/waitlist', true), set_config('request.headers', '{"x-forwarded-for":"10.' || :a || '.' || :b || '.' || :c || '","user-agent":"Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36","accept":"*/*","content-type":"application/json","prefer":"return=minimal"}', true);
insert into public.waitlist (email, role, consent_locale, consent_version, signup_locale) values ('p' || :n || '@empresa.com', 'manager', 'pt', 'code-1', 'pt');
commit;
SQL

echo "Database time of one sign-up's insert (pgbench, 1 client, 3,000 inserts a run):"
for run in 1 2 3; do
  latency="$(PGOPTIONS='-c synchronous_commit=off' pgbench -n -f "$inserts" -c 1 -t 3000 "$target" 2>&1 | sed -n 's/^latency average = //p')"
  echo "  run $run  ${latency:-failed}"
done

#!/usr/bin/env bash
# Starts Debian's PostgreSQL cluster if it is down and makes a throwaway test database.
# Prints the connection URL on stdout; everything else goes to stderr.
set -euo pipefail
version="$(ls /usr/lib/postgresql | sort -n | tail -1)"
if ! pg_lsclusters -h | awk '{print $4}' | grep -q online; then
  pg_lsclusters -h | grep -q . || pg_createcluster "$version" main >&2
  pg_ctlcluster "$version" main start >&2
fi
for _ in $(seq 1 30); do pg_isready -q -h 127.0.0.1 && break; sleep 0.5; done
runuser -u postgres -- psql -q -v ON_ERROR_STOP=1 >&2 <<'SQL'
SELECT 'CREATE ROLE pulso_test LOGIN SUPERUSER PASSWORD ''pulso_test'''
WHERE NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'pulso_test') \gexec
SQL
echo "postgres://pulso_test:pulso_test@127.0.0.1:5432/postgres"

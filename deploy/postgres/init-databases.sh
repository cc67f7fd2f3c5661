#!/usr/bin/env bash
# PostgreSQL init script (docker-entrypoint-initdb.d): one database per service, each
# owned by its own role, as ARCHITECTURE section 1 asks ("each owns its own database").
# Runs once, when the data volume is empty. Reads:
#   POSTGRES_SERVICE_DATABASES  space- or comma-separated service names
#   POSTGRES_SERVICE_PASSWORD   password of every service role (laptop only)
set -euo pipefail

password="${POSTGRES_SERVICE_PASSWORD:?set POSTGRES_SERVICE_PASSWORD}"
for db in ${POSTGRES_SERVICE_DATABASES//,/ }; do
  echo "init-databases: role and database '$db'"
  psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --dbname postgres \
       -v db="$db" -v pw="$password" <<'SQL'
SELECT format('CREATE ROLE %I LOGIN PASSWORD %L', :'db', :'pw')
WHERE NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = :'db') \gexec
SELECT format('CREATE DATABASE %I OWNER %I', :'db', :'db')
WHERE NOT EXISTS (SELECT 1 FROM pg_database WHERE datname = :'db') \gexec
SELECT format('REVOKE ALL ON DATABASE %I FROM PUBLIC', :'db') \gexec
SQL
done

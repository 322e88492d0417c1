#!/bin/sh
# The primary's first start (docker-entrypoint-initdb.d): the replica may
# stream from it, and the database carries the settings the service's pool
# would send in its start-up packet, which PgBouncer leaves out
# (ignore_startup_parameters in pgbouncer.ini.template). scripts/topology.mjs
# does the same on this machine.
set -eu
echo "host replication all all scram-sha-256" >> "$PGDATA/pg_hba.conf"
psql -v ON_ERROR_STOP=1 -U "$POSTGRES_USER" -d "$POSTGRES_DB" -c "ALTER DATABASE \"$POSTGRES_DB\" SET jit = off" -c "ALTER DATABASE \"$POSTGRES_DB\" SET statement_timeout = '30s'"

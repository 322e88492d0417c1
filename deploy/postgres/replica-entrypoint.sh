#!/bin/sh
# The streaming replica: on its first start, a base backup of the primary
# with its standby settings (pg_basebackup -R), then PostgreSQL as usual.
set -eu
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  until pg_isready -h "$PRIMARY_HOST" -U postgres -q; do sleep 1; done
  mkdir -p "$PGDATA" && chown postgres:postgres "$PGDATA" && chmod 700 "$PGDATA"
  PGPASSWORD="$POSTGRES_PASSWORD" gosu postgres pg_basebackup -h "$PRIMARY_HOST" -U postgres -D "$PGDATA" -R -X stream -c fast
fi
exec docker-entrypoint.sh postgres

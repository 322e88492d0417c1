#!/bin/sh
# Renders /etc/pgbouncer/pgbouncer.ini.template (the file scripts/topology.mjs
# renders too) and runs PgBouncer in the foreground. PGBOUNCER_USER and
# PGBOUNCER_PASSWORD: the one user clients and servers log in as.
set -eu
export PGBOUNCER_AUTH_FILE=/tmp/userlist.txt PGBOUNCER_PID_FILE=/tmp/pgbouncer.pid PGBOUNCER_SOCKET_DIR=/tmp
# No log file: PgBouncer in the foreground logs to stderr.
export PGBOUNCER_LOG_FILE="${PGBOUNCER_LOG_FILE:-}"
printf '"%s" "%s"\n' "$PGBOUNCER_USER" "$PGBOUNCER_PASSWORD" > "$PGBOUNCER_AUTH_FILE"
envsubst '$PRIMARY_HOST $PRIMARY_PORT $REPLICA_HOST $REPLICA_PORT $PGBOUNCER_LISTEN_ADDR $PGBOUNCER_PORT $PGBOUNCER_SOCKET_DIR $PGBOUNCER_AUTH_TYPE $PGBOUNCER_AUTH_FILE $PGBOUNCER_LOG_FILE $PGBOUNCER_PID_FILE' \
  < /etc/pgbouncer/pgbouncer.ini.template > /tmp/pgbouncer.ini
exec pgbouncer /tmp/pgbouncer.ini

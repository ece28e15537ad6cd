#!/usr/bin/env bash
# Runs a command against a throwaway PostgreSQL 15 cluster.
#
#   scripts/with-postgres.sh CMD [ARGS...]
#
# Creates a cluster in a fresh temporary folder (trust auth, fsync off), starts it on a free port of
# 127.0.0.1 with its socket in that folder, exports
#   PORTAL_TEST_POSTGRES_URL="host=127.0.0.1 port=<port> dbname=postgres user=postgres"
# runs CMD, then always stops the server (by the pid in postmaster.pid) and removes the folder, also
# on Ctrl-C or TERM (which is passed on to CMD as TERM). Exits with CMD's status (130/143 when
# interrupted). Touches no system cluster, /etc/postgresql or service.
#
# As root, initdb and the server run as the "postgres" user (initdb refuses root); otherwise as the
# current user. PG_BIN overrides the folder of the PostgreSQL programs.
set -euo pipefail

if [ $# -eq 0 ]; then
  echo "usage: $0 CMD [ARGS...]" >&2
  exit 2
fi

PG_BIN=${PG_BIN:-/usr/lib/postgresql/15/bin}
for tool in initdb pg_ctl postgres; do
  if [ ! -x "$PG_BIN/$tool" ]; then
    echo "with-postgres: $PG_BIN/$tool not found; install postgresql-15 (or set PG_BIN)" >&2
    exit 2
  fi
done

as_owner=()
if [ "$(id -u)" -eq 0 ]; then
  if ! id postgres >/dev/null 2>&1; then
    echo "with-postgres: running as root needs a 'postgres' user to run the server" >&2
    exit 2
  fi
  as_owner=(runuser -u postgres --)
fi

dir=$(mktemp -d "${TMPDIR:-/tmp}/portal-pg.XXXXXX")
data="$dir/data"
log="$dir/server.log"

stop_cluster() {
  local pid=""
  if [ -f "$data/postmaster.pid" ]; then
    pid=$(head -n 1 "$data/postmaster.pid" 2>/dev/null || true)
  fi
  if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; then
    kill -INT "$pid" 2>/dev/null || true    # fast shutdown
    for _ in $(seq 1 300); do              # up to 30 s
      kill -0 "$pid" 2>/dev/null || break
      sleep 0.1
    done
    if kill -0 "$pid" 2>/dev/null; then
      echo "with-postgres: server $pid did not stop; sending QUIT" >&2
      kill -QUIT "$pid" 2>/dev/null || true
      sleep 1
    fi
  fi
}

cleanup() {
  local status=$?
  trap - EXIT INT TERM
  stop_cluster
  rm -rf "$dir"
  exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

chmod 700 "$dir"
if [ ${#as_owner[@]} -gt 0 ]; then
  chown postgres: "$dir"
fi

# Run the PostgreSQL programs from inside the folder: as postgres, the caller's folder may be unreadable.
run_pg() { (cd "$dir" && "${as_owner[@]}" "$@"); }

if ! run_pg "$PG_BIN/initdb" -D "$data" -U postgres -A trust --no-sync -E UTF8 --locale=C.UTF-8 \
    >"$dir/initdb.log" 2>&1; then
  echo "with-postgres: initdb failed:" >&2
  cat "$dir/initdb.log" >&2
  exit 1
fi

port_in_use() {
  (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null
}

started=""
for _ in 1 2 3 4 5; do
  port=$(( 20000 + (RANDOM * 32768 + RANDOM) % 40000 ))
  if port_in_use "$port"; then
    continue
  fi
  # Another process can take the port between the check and the bind: then start fails; try another.
  if run_pg "$PG_BIN/pg_ctl" -D "$data" -l "$log" -w -t 30 \
      -o "-p $port -k '$dir' -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off" \
      start >/dev/null 2>&1; then
    started=yes
    break
  fi
  stop_cluster
done
if [ -z "$started" ]; then
  echo "with-postgres: the server did not start; its log:" >&2
  cat "$log" >&2 2>/dev/null || true
  exit 1
fi

export PORTAL_TEST_POSTGRES_URL="host=127.0.0.1 port=$port dbname=postgres user=postgres"
echo "with-postgres: PostgreSQL $("$PG_BIN/postgres" --version | awk '{print $3}') on 127.0.0.1:$port ($dir)" >&2

# CMD runs in the background so that a TERM or INT sent to this script is handled at once (bash
# defers traps while a foreground command runs): the trap passes TERM on to CMD, and the cluster is
# stopped once CMD has gone. <&0 keeps CMD's stdin (background commands would get /dev/null).
"$@" <&0 &
child=$!
interrupted=""
on_signal() {
  interrupted=$1
  kill -TERM "$child" 2>/dev/null || true
}
trap 'on_signal 130' INT
trap 'on_signal 143' TERM
set +e
while :; do
  wait "$child"
  status=$?
  kill -0 "$child" 2>/dev/null || break
done
set -e
if [ -n "$interrupted" ]; then
  status=$interrupted
fi
exit "$status"

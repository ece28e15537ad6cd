#!/usr/bin/env bash
# Tries the commands of docs/operations.md on this machine, with everything in a temporary folder:
#   1. the systemd unit passes `systemd-analyze verify` (paths pointed at this checkout);
#   2. nginx with the repo's config (self-signed certificate, free ports) in front of a portal:
#      HTTP -> HTTPS, the API and the security headers through TLS, the client address forwarded;
#   3. upgrading: `portal migrate` on a database that is up to date changes nothing;
#   4. SQLite: `portal backup` while the portal serves, restored into a new data dir and served;
#   5. PostgreSQL: pg_dump -Fc, pg_restore into a new database, served (scripts/with-postgres.sh).
# Prints each step and exits non-zero at the first that fails.
#
#   deploy/try-operations.sh [BUILD_DIR]      (default backend/build)
set -euo pipefail

cd "$(dirname "$0")/.."
BUILD=${1:-${BUILD_DIR:-backend/build}}
PORTAL="$PWD/$BUILD/portal"
[ -x "$PORTAL" ] || { echo "try-operations: build the portal first ($PORTAL)" >&2; exit 2; }
work=$(mktemp -d "${TMPDIR:-/tmp}/portal-ops.XXXXXX")
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

step() { printf '\n== %s\n' "$*"; }
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
# Starts a portal in production mode on a free port; sets $port and appends the pid.
jwt=$(python3 -c 'import secrets; print(secrets.token_hex(24))')
serve() {
  local data=$1; shift
  port=$(free_port)
  env PORTAL_AUTH__JWT_SECRET="$jwt" PORTAL_FEATURES__INVENTORY__ENABLED=false PORTAL_FEATURES__PRACC__ENABLED=false \
    PORTAL_SERVER__WEB_ROOT="$work/web" "$@" \
    "$PORTAL" serve --config backend/config/portal.toml --data-dir "$data" --port "$port" > "$data.log" 2>&1 &
  pids+=($!)
  for _ in $(seq 100); do curl -sf "http://127.0.0.1:$port/readyz" > /dev/null && return 0; sleep 0.2; done
  echo "try-operations: the portal did not start:" >&2; cat "$data.log" >&2; return 1
}
mkdir -p "$work/web" && echo '<!doctype html><title>portal</title>' > "$work/web/index.html"

step "1. systemd unit"
mkdir -p "$work/etc"
touch "$work/etc/portal.env" && chmod 600 "$work/etc/portal.env"
sed -e "s|/opt/portal/bin/portal|$PORTAL|g" -e "s|/etc/portal/portal.env|$work/etc/portal.env|" \
  -e "s|/etc/portal/portal.toml|$PWD/backend/config/portal.toml|g" -e "s|^User=portal|User=root|" \
  -e "s|^Group=portal|Group=root|" deploy/systemd/portal.service > "$work/portal.service"
systemd-analyze verify "$work/portal.service"
echo "systemd-analyze verify: no complaints"

step "2. nginx in front, TLS, client address forwarded"
mkdir -p "$work/sqlite"
serve "$work/sqlite/data" PORTAL_SECURITY__TRUST_FORWARDED_FOR=true PORTAL_SECURITY__HSTS=true
backend_port=$port
openssl req -x509 -newkey rsa:2048 -nodes -days 1 -subj "/CN=portal.example.com" \
  -keyout "$work/privkey.pem" -out "$work/fullchain.pem" 2> /dev/null
https_port=$(free_port)
http_port=$(free_port)
sed -e "s|127.0.0.1:8080|127.0.0.1:$backend_port|" -e "s|listen 443 ssl http2;|listen 127.0.0.1:$https_port ssl http2;|" \
  -e "s|listen 80;|listen 127.0.0.1:$http_port;|" -e "/listen \[::\]/d" \
  -e "s|/etc/ssl/portal/|$work/|" deploy/nginx/portal.conf > "$work/site.conf"
cat > "$work/nginx.conf" <<EOF
pid $work/nginx.pid;
error_log $work/nginx-error.log;
events {}
http {
  access_log $work/nginx-access.log;
  client_body_temp_path $work/nginx-body;
  proxy_temp_path $work/nginx-proxy;
  include $work/site.conf;
}
EOF
nginx -t -c "$work/nginx.conf" -p "$work" 2>&1 | tail -3
nginx -c "$work/nginx.conf" -p "$work" -g 'daemon off;' &
pids+=($!)
for _ in $(seq 50); do curl -sk -o /dev/null "https://127.0.0.1:$https_port/healthz" && break; sleep 0.1; done
redirect=$(curl -s -o /dev/null -w '%{http_code} %{redirect_url}' -H 'Host: portal.example.com' "http://127.0.0.1:$http_port/servers")
echo "http://  -> $redirect"
[[ $redirect == "301 https://portal.example.com/servers" ]]
headers=$(curl -sk -D - -o /dev/null --resolve "portal.example.com:$https_port:127.0.0.1" "https://portal.example.com:$https_port/api/config")
echo "$headers" | grep -iE '^(HTTP|strict-transport-security|content-security-policy|x-request-id)' | cut -c1-100
echo "$headers" | grep -q '^HTTP/2 200'
echo "$headers" | grep -qi '^strict-transport-security'
# The client's own X-Forwarded-For cannot choose its address: nginx appends the address it saw, and
# the portal takes the last entry. 61 requests "from 203.0.113.9" to the e-mail check (budget 60 per
# 5 min per address) all count against 127.0.0.1, so the 61st request of the run is refused even
# though each carries a fresh spoofed address.
for i in $(seq 61); do
  code=$(curl -sk -o /dev/null -w '%{http_code}' -H "X-Forwarded-For: 203.0.113.$i" -H 'Content-Type: application/json' \
    --data '{"email":"someone@example.com"}' "https://127.0.0.1:$https_port/api/auth/email/check")
done
echo "61st e-mail check, each with another spoofed X-Forwarded-For: HTTP $code (the budget of 127.0.0.1)"
[ "$code" = 429 ]
metrics=$(curl -sk -o /dev/null -w '%{http_code}' "https://127.0.0.1:$https_port/metrics")
echo "/metrics from an allowed address: HTTP $metrics"
[ "$metrics" = 200 ]

step "3. upgrading: migrations are recorded and applied once"
"$PORTAL" migrate --config backend/config/portal.toml --data-dir "$work/sqlite/data"

step "4. SQLite: backup while serving, restore, serve the copy"
"$PORTAL" announce --config backend/config/portal.toml --data-dir "$work/sqlite/data" set --lang en "Restored announcement"
"$PORTAL" backup --config backend/config/portal.toml --data-dir "$work/sqlite/data" --to "$work/portal-backup.db"
mkdir -p "$work/restored/data"
cp "$work/portal-backup.db" "$work/restored/data/portal.db"
serve "$work/restored/data"
answer=$(curl -sf "http://127.0.0.1:$port/api/server/announcement?lang=en")
echo "restored portal: $answer"
[[ $answer == *"Restored announcement"* ]]

step "5. PostgreSQL: pg_dump, pg_restore into a new database, serve it"
PORTAL="$PORTAL" work="$work" jwt="$jwt" scripts/with-postgres.sh bash -euo pipefail -c '
  url="$PORTAL_TEST_POSTGRES_URL"
  export PORTAL_DATABASE__ENGINE=postgresql PORTAL_DATABASE__POSTGRES_URL="$url"
  "$PORTAL" migrate --config backend/config/portal.toml
  "$PORTAL" announce --config backend/config/portal.toml set --lang en "PostgreSQL restored"
  conn=$(sed -e "s/dbname=[^ ]*//" <<< "$url")
  pg_dump -Fc -d "$url" -f "$work/portal.dump"
  echo "pg_dump: $(stat -c %s "$work/portal.dump") bytes"
  psql -q -d "$url" -c "CREATE DATABASE portal_restored"
  pg_restore --no-owner -d "$conn dbname=portal_restored" "$work/portal.dump"
  export PORTAL_DATABASE__POSTGRES_URL="$conn dbname=portal_restored"
  "$PORTAL" migrate --config backend/config/portal.toml
  port=$(python3 -c "import socket; s=socket.socket(); s.bind((\"127.0.0.1\", 0)); print(s.getsockname()[1])")
  env PORTAL_AUTH__JWT_SECRET="$jwt" PORTAL_FEATURES__INVENTORY__ENABLED=false PORTAL_FEATURES__PRACC__ENABLED=false \
    PORTAL_SERVER__WEB_ROOT="$work/web" "$PORTAL" serve --config backend/config/portal.toml --port "$port" > "$work/pg.log" 2>&1 &
  pid=$!
  for _ in $(seq 100); do curl -sf "http://127.0.0.1:$port/readyz" > /dev/null && break; sleep 0.2; done
  answer=$(curl -sf "http://127.0.0.1:$port/api/server/announcement?lang=en")
  kill $pid; wait $pid || true
  echo "restored PostgreSQL portal: $answer"
  [[ $answer == *"PostgreSQL restored"* ]]
'

printf '\nEvery step passed.\n'

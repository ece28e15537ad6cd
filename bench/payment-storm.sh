#!/usr/bin/env bash
# Entry 7 of bench/run.sh, on one database: the real `portal serve` in production mode with Alipay
# enabled (keys made here with openssl; nothing listens at the configured gateway, so only
# notifications reach the portal), and bench_payment_notifications storming it: ORDERS orders, each
# notified REPEATS times in random order by SENDERS senders. Prints the bench's one-line result.
#
#   bench/payment-storm.sh sqlite|postgresql WORK_DIR   (PostgreSQL: run inside scripts/with-postgres.sh)
# Env: BUILD_DIR (backend/build), ORDERS (2000), REPEATS (5), SENDERS (16)
set -euo pipefail
cd "$(dirname "$0")/.."
engine=$1
work=$2
BUILD=${BUILD_DIR:-backend/build}
mkdir -p "$work"
openssl genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:2048 -out "$work/app.pem" 2> /dev/null
openssl genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:2048 -out "$work/alipay.pem" 2> /dev/null
openssl pkey -in "$work/alipay.pem" -pubout -out "$work/alipay-public.pem"
export PORTAL_AUTH__JWT_SECRET=$(openssl rand -hex 32)
export PORTAL_FEATURES__INVENTORY__ENABLED=false
export PORTAL_LOG__LEVEL=warn
export PORTAL_DATA_DIR="$work/data"
export PORTAL_PAYMENTS__METHODS=alipay
export PORTAL_PAYMENTS__ALIPAY__APP_ID=2021000000000042
export PORTAL_PAYMENTS__ALIPAY__GATEWAY=http://127.0.0.1:9/gateway.do
export PORTAL_PAYMENTS__ALIPAY__PRIVATE_KEY_FILE="$work/app.pem"
export PORTAL_PAYMENTS__ALIPAY__PUBLIC_KEY_FILE="$work/alipay-public.pem"
if [ "$engine" = postgresql ]; then
  export PORTAL_DATABASE__ENGINE=postgresql
  export PORTAL_DATABASE__POSTGRES_URL="$PORTAL_TEST_POSTGRES_URL"
fi
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1]); s.close()')
"$BUILD/portal" serve --config backend/config/portal.toml --port "$port" > "$work/portal.out" 2>&1 &
portal=$!
trap 'kill -TERM $portal 2> /dev/null || true; wait $portal 2> /dev/null || true' EXIT
for _ in $(seq 300); do grep -q 'listening on ' "$work/portal.out" && break; sleep 0.05; done
grep -q 'listening on ' "$work/portal.out" || { cat "$work/portal.out" >&2; exit 1; }
"$BUILD/bench_payment_notifications" --url "http://127.0.0.1:$port" --config backend/config/portal.toml \
  --alipay-private-key "$work/alipay.pem" --app-id "$PORTAL_PAYMENTS__ALIPAY__APP_ID" \
  --orders "${ORDERS:-2000}" --repeats "${REPEATS:-5}" --senders "${SENDERS:-16}"

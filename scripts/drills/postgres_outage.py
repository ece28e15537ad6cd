#!/usr/bin/env python3
"""PostgreSQL stopped and started again under load (issue 18's drill), run inside scripts/with-postgres.sh.

A production portal serves over PostgreSQL while four clients ask, each on its own keep-alive connection,
for a page that reads the database (GET /api/leaderboard/dm), one that is served from memory
(GET /api/servers) and the readiness check (GET /readyz). After a quiet start the database is stopped
(pg_ctl stop -m fast) for DOWN seconds, then started again. Printed: per phase the answers by status,
whether every 503 carried Retry-After, the slowest answer (the portal must never hang), whether the
process stayed up, and how long after the database's return every route answered 200 again (aim: 5 s,
without restarting the portal).

    scripts/with-postgres.sh python3 scripts/drills/postgres_outage.py BUILD_DIR [DOWN_SECONDS]
"""
import http.client
import json
import os
import socket
import subprocess
import sys
import threading
import time

build = sys.argv[1] if len(sys.argv) > 1 else "backend/build"
down_seconds = float(sys.argv[2]) if len(sys.argv) > 2 else 10.0
portal = os.path.join(build, "portal")
url = os.environ["PORTAL_TEST_POSTGRES_URL"]
pg_bin = os.environ.get("PG_BIN", "/usr/lib/postgresql/15/bin")
as_owner = ["runuser", "-u", "postgres", "--"] if os.geteuid() == 0 else []
fields = dict(part.split("=", 1) for part in url.split())
data_dir = subprocess.run(["psql", "-d", url, "-Atc", "SHOW data_directory"], check=True, capture_output=True,
                          text=True).stdout.strip()
socket_dir = os.path.dirname(data_dir)


def pg_ctl(*args):
    subprocess.run(as_owner + [f"{pg_bin}/pg_ctl", "-D", data_dir, *args], check=True, cwd=socket_dir,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


port = free_port()
env = dict(os.environ, PORTAL_DATABASE__ENGINE="postgresql",
           PORTAL_DATABASE__POSTGRES_URL=url + " connect_timeout=2",
           PORTAL_AUTH__JWT_SECRET=os.urandom(24).hex(), PORTAL_FEATURES__INVENTORY__ENABLED="false",
           PORTAL_FEATURES__PRACC__ENABLED="false", PORTAL_LOG__ACCESS_LOG="false")
server = subprocess.Popen([portal, "serve", "--config", "backend/config/portal.toml", "--port", str(port)], env=env,
                          stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
start_log = []
for line in server.stdout:
    start_log.append(line)
    if line.startswith("listening on"):
        break
else:
    sys.exit("the portal did not start:\n" + "".join(start_log))
log_path = os.environ.get("DRILL_PORTAL_LOG", "/dev/null")


def drain():
    with open(log_path, "w") as log:
        for line in server.stdout:
            log.write(line)


threading.Thread(target=drain, daemon=True).start()  # keeps reading the portal's log (DRILL_PORTAL_LOG)

routes = ["/api/leaderboard/dm", "/api/servers", "/readyz"]
samples = []  # (time, route, status, seconds, has_retry_after)
lock = threading.Lock()
stop = threading.Event()


def client():
    connection = None
    while not stop.is_set():
        for route in routes:
            started = time.monotonic()
            try:
                if connection is None:
                    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
                connection.request("GET", route)
                answer = connection.getresponse()
                answer.read()
                status, retry = answer.status, answer.getheader("Retry-After") is not None
            except (OSError, http.client.HTTPException):
                connection, status, retry = None, 0, False  # 0: no answer (connection refused or reset)
            with lock:
                samples.append((started, route, status, time.monotonic() - started, retry))
        time.sleep(0.02)


threads = [threading.Thread(target=client) for _ in range(4)]
for thread in threads:
    thread.start()
time.sleep(5)
down_at = time.monotonic()
pg_ctl("stop", "-m", "fast", "-w")
time.sleep(down_seconds)
pg_ctl("start", "-w", "-l", os.path.join(socket_dir, "server.log"), "-o",
       f"-p {fields['port']} -k '{socket_dir}' -c listen_addresses=127.0.0.1 -c fsync=off")
up_at = time.monotonic()
time.sleep(15)
stop.set()
for thread in threads:
    thread.join()
alive = server.poll() is None
server.terminate()
server.wait(timeout=30)


def summary(rows):
    by_status = {}
    for _, route, status, _, _ in rows:
        by_status.setdefault(route, {}).setdefault(status, 0)
        by_status[route][status] += 1
    return by_status


before = [s for s in samples if s[0] < down_at]
during = [s for s in samples if down_at <= s[0] < up_at]
after = [s for s in samples if s[0] >= up_at]
unavailable = [s for s in during if s[2] == 503]
# Recovery: from the database's return to the start of the last non-200 answer of any route.
failures_after = [s for s in after if s[2] != 200]
recovered_in = (max(s[0] + s[3] for s in failures_after) - up_at) if failures_after else 0.0
report = {
    "down_seconds": round(up_at - down_at, 1),
    "before": summary(before),
    "during": summary(during),
    "after": summary(after),
    "every_503_has_retry_after": all(s[4] for s in unavailable),
    "slowest_answer_during_s": round(max((s[3] for s in during), default=0), 3),
    "slowest_answer_overall_s": round(max(s[3] for s in samples), 3),
    "portal_stayed_up": alive,
    "all_200_again_after_return_s": round(recovered_in, 2),
}
print(json.dumps(report, indent=2))
ok = alive and report["every_503_has_retry_after"] and recovered_in <= 5.0 and report["slowest_answer_overall_s"] < 10
print("drill passed" if ok else "drill FAILED")
sys.exit(0 if ok else 1)

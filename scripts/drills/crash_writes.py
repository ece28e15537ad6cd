#!/usr/bin/env python3
"""SIGKILL drill (issue 18): the portal is killed at random moments while game servers send it stats.

Three senders post stats batches (POST /api/plugin/stats, 3 of 50 players, one kill each) as plugins do:
a batch that got no answer is sent again with the same id until the portal answers 200. Meanwhile the
portal is killed with SIGKILL KILLS times, at random moments 0.2 to 1.2 s apart, and started again.
After every kill (SQLite) `PRAGMA integrity_check` must say ok. At the end every batch the senders sent
must be recorded exactly once, and every player's kills on the all-time board must equal the number of
batches that named them: an acknowledged write lost, applied twice, or half applied fails the drill.

    scripts/drills/crash_writes.py BUILD_DIR [KILLS]                       (SQLite)
    scripts/with-postgres.sh scripts/drills/crash_writes.py BUILD_DIR [KILLS]   (PostgreSQL)
"""
import http.client
import json
import os
import random
import shutil
import signal
import socket
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time

build = sys.argv[1] if len(sys.argv) > 1 else "backend/build"
kills = int(sys.argv[2]) if len(sys.argv) > 2 else 50
portal = os.path.abspath(os.path.join(build, "portal"))
postgres_url = os.environ.get("PORTAL_TEST_POSTGRES_URL", "")
work = tempfile.mkdtemp(prefix="portal-crash-")
data_dir = os.path.join(work, "data")
config = ["--config", "backend/config/portal.toml", "--data-dir", data_dir]
env = dict(os.environ, PORTAL_AUTH__JWT_SECRET=os.urandom(24).hex(), PORTAL_FEATURES__INVENTORY__ENABLED="false",
           PORTAL_FEATURES__PRACC__ENABLED="false", PORTAL_LOG__ACCESS_LOG="false", PORTAL_LOG__LEVEL="warn",
           PORTAL_SERVERS__REFRESH_INTERVAL_S="3600",
           # The drill's game server never answers A2S: the first refresh, which runs before the portal
           # listens, waits for its timeouts. Short ones keep a restart short.
           PORTAL_SERVERS__QUERY_TIMEOUT_MS="200")
if postgres_url:
    env.update(PORTAL_DATABASE__ENGINE="postgresql", PORTAL_DATABASE__POSTGRES_URL=postgres_url + " connect_timeout=2")
rng = random.Random(18)


def cli(*args):
    return subprocess.run([portal, *args[:1], *config, *args[1:]], env=env, check=True, capture_output=True,
                          text=True).stdout


cli("migrate")
added = cli("servers", "add", "--ip", "127.0.0.1", "--port", "27015", "--name", "crash drill", "--category",
            "deathmatch", "--region", "ap-shanghai")
server_id = next(word for word in added.replace(":", " ").split() if word.isdigit())
key = cli("servers", "issue-key", server_id, "--scopes", "stats").strip().split()[-1]

with socket.socket() as s:
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]


def start():
    process = subprocess.Popen([portal, "serve", *config, "--port", str(port)], env=env, stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL)
    started = time.monotonic()
    while time.monotonic() - started < 60:
        try:
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
            connection.request("GET", "/readyz")
            if connection.getresponse().status == 200:
                return process, time.monotonic() - started
        except OSError:
            pass
        time.sleep(0.05)
    sys.exit("the portal did not come back within 60 s")


players = [str(76561198100000000 + i) for i in range(50)]
sent = {}  # batch id -> its players; every entry was answered 200 in the end
sent_lock = threading.Lock()
stop = threading.Event()
retries = [0]


def sender(number):
    connection = None
    count = 0
    while not stop.is_set():
        count += 1
        batch_id = f"s{number}-{count}"
        chosen = rng.sample(players, 3)
        body = json.dumps({"batchId": batch_id, "mode": "dm",
                           "players": [{"steamid": p, "kills": 1, "nickname": f"p{p[-2:]}"} for p in chosen]})
        while True:  # the same batch again until the portal answers, as a plugin does
            try:
                if connection is None:
                    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
                connection.request("POST", "/api/plugin/stats", body,
                                   {"Authorization": "Bearer " + key, "Content-Type": "application/json"})
                answer = connection.getresponse()
                answer.read()
                if answer.status == 200:
                    break
                if answer.status not in (503, 429):
                    sys.exit(f"batch {batch_id} answered {answer.status}")
            except (OSError, http.client.HTTPException):
                connection = None
            with sent_lock:
                retries[0] += 1
            time.sleep(0.05)
        with sent_lock:
            sent[batch_id] = chosen


def integrity():
    if postgres_url:
        return "ok"
    with sqlite3.connect(os.path.join(data_dir, "portal.db")) as db:
        return db.execute("PRAGMA integrity_check").fetchone()[0]


process, _ = start()
threads = [threading.Thread(target=sender, args=(n,)) for n in range(3)]
for thread in threads:
    thread.start()
restarts = []
began = time.monotonic()
for kill in range(kills):
    time.sleep(rng.uniform(0.2, 1.2))
    process.send_signal(signal.SIGKILL)
    process.wait()
    checked = integrity()
    if checked != "ok":
        sys.exit(f"integrity check after kill {kill + 1}: {checked}")
    process, took = start()
    restarts.append(took)
stop.set()
for thread in threads:
    thread.join()
elapsed = time.monotonic() - began
process.send_signal(signal.SIGTERM)
process.wait(timeout=30)

expected = {}
for chosen in sent.values():
    for player in chosen:
        expected[player] = expected.get(player, 0) + 1
if postgres_url:
    rows = subprocess.run(["psql", "-d", postgres_url, "-Atc",
                           "SELECT s.steam_id, s.kills FROM leaderboard_stats s JOIN leaderboard_boards b ON "
                           "b.id = s.board_id WHERE b.mode = 'dm' AND b.season_id IS NULL"],
                          check=True, capture_output=True, text=True).stdout.split()
    recorded = dict(row.split("|") for row in rows)
    recorded = {k: int(v) for k, v in recorded.items()}
    batches = int(subprocess.run(["psql", "-d", postgres_url, "-Atc", "SELECT COUNT(*) FROM leaderboard_batches"],
                                 check=True, capture_output=True, text=True).stdout)
else:
    with sqlite3.connect(os.path.join(data_dir, "portal.db")) as db:
        recorded = dict(db.execute("SELECT s.steam_id, s.kills FROM leaderboard_stats s JOIN leaderboard_boards b ON "
                                   "b.id = s.board_id WHERE b.mode = 'dm' AND b.season_id IS NULL").fetchall())
        batches = db.execute("SELECT COUNT(*) FROM leaderboard_batches").fetchone()[0]
report = {
    "engine": "postgresql" if postgres_url else "sqlite",
    "kills": kills,
    "seconds": round(elapsed, 1),
    "batches_acknowledged": len(sent),
    "batches_recorded": batches,
    "resends_after_no_answer": retries[0],
    "restart_to_ready_s": {"median": round(sorted(restarts)[len(restarts) // 2], 2), "max": round(max(restarts), 2)},
    "integrity_checks_ok": kills if not postgres_url else "n/a (PostgreSQL)",
    "players_with_exact_kills": sum(1 for p, n in expected.items() if recorded.get(p) == n),
    "players": len(expected),
}
print(json.dumps(report, indent=2))
ok = batches == len(sent) and all(recorded.get(p) == n for p, n in expected.items())
if ok:
    shutil.rmtree(work, ignore_errors=True)
    print("drill passed")
else:
    print(f"drill FAILED (the data dir is kept: {data_dir})")
sys.exit(0 if ok else 1)

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
import random
import shutil
import signal
import sys
import threading
import time

from killed_portal import ALL_TIME_DM_KILLS, KilledPortal

build = sys.argv[1] if len(sys.argv) > 1 else "backend/build"
kills = int(sys.argv[2]) if len(sys.argv) > 2 else 50
portal = KilledPortal(build, "portal-crash-", PORTAL_FEATURES__INVENTORY__ENABLED="false",
                      PORTAL_FEATURES__PRACC__ENABLED="false", PORTAL_SERVERS__REFRESH_INTERVAL_S="3600")
port, data_dir, postgres_url = portal.port, portal.data_dir, portal.postgres_url
rng = random.Random(18)
portal.cli("migrate")
_, key = portal.add_server_key(27015)


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


process, _ = portal.start(within_s=60)
threads = [threading.Thread(target=sender, args=(n,)) for n in range(3)]
for thread in threads:
    thread.start()
restarts = []
began = time.monotonic()
for kill in range(kills):
    time.sleep(rng.uniform(0.2, 1.2))
    process.send_signal(signal.SIGKILL)
    process.wait()
    checked = portal.integrity()
    if checked != "ok":
        sys.exit(f"integrity check after kill {kill + 1}: {checked}")
    process, took = portal.start(within_s=60)
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
recorded = {steam_id: int(kills) for steam_id, kills in portal.query(
    ALL_TIME_DM_KILLS + " GROUP BY steam_id")}
batches = int(portal.query("SELECT COUNT(*) FROM leaderboard_batches")[0][0])
report = {
    "engine": portal.engine,
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
    shutil.rmtree(portal.work, ignore_errors=True)
    print("drill passed")
else:
    print(f"drill FAILED (the data dir is kept: {data_dir})")
sys.exit(0 if ok else 1)

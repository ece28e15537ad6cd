#!/usr/bin/env python3
"""SIGKILL drill with mixed writes (issue 18): the portal in demo mode (its stand-ins for mail and the
payment providers) is killed at random moments while three kinds of writers work through the API:

- registrations: send-code, the code read from the demo outbox, register; a step that got no answer
  is tried again (a repeated send-code for an address registered meanwhile answers 409, which counts
  as registered without an acknowledgement);
- orders: a buyer (a Steam login through the development provider) creates a 30-day VIP order and
  starts its WeChat Pay payment. Paying is left out here: demo mode's provider stand-ins keep their
  payments in the portal's own memory, so a kill would take the provider's side down too. Notifications
  under SIGKILL are the subject of the PaymentsCrash test (tests/payments_crash_test.cpp: the real binary,
  signed Alipay notifications for 300 orders, each fulfilled exactly once);
- stats batches from a game server, each resent under its id until answered (as crash_writes.py).

The portal is killed KILLS times, 0.5 to 2.5 s apart, and started again; after each kill (SQLite)
`PRAGMA integrity_check` must say ok. At the end: every acknowledged registration is one account
whose password logs in; no buyer has fewer orders than were acknowledged, and every order whose
payment start was acknowledged is awaiting its payment; every batch is recorded once and every
player's kills are exact.

    scripts/drills/crash_mixed.py BUILD_DIR [KILLS]                        (SQLite)
    scripts/with-postgres.sh scripts/drills/crash_mixed.py BUILD_DIR [KILLS]    (PostgreSQL)
"""
import http.client
import json
import random
import shutil
import signal
import sys
import threading
import time
import urllib.parse

from killed_portal import KilledPortal

build = sys.argv[1] if len(sys.argv) > 1 else "backend/build"
kills = int(sys.argv[2]) if len(sys.argv) > 2 else 30
portal = KilledPortal(build, "portal-crash-mixed-", demo=True, PORTAL_SECURITY__TRUST_FORWARDED_FOR="true")
portal.env["PORTAL_SERVER__PUBLIC_URL"] = portal.base
port, base, data_dir, postgres_url = portal.port, portal.base, portal.data_dir, portal.postgres_url
rng = random.Random(19)
PASSWORD = "crash-drill-password-42"


portal.cli("migrate")
server_id, plugin_key = portal.add_server_key(27016)


address_counter = [0]
counter_lock = threading.Lock()


def call(method, path, body=None, token=None, form=False):
    """One request; (status, parsed JSON or text, headers), or None when the portal did not answer."""
    with counter_lock:
        address_counter[0] += 1
        n = address_counter[0]
    headers = {"X-Forwarded-For": f"10.{(n >> 16) & 255}.{(n >> 8) & 255}.{n & 255}"}
    if token:
        headers["Authorization"] = "Bearer " + token
    if body is not None:
        headers["Content-Type"] = "application/x-www-form-urlencoded" if form else "application/json"
        body = body if form else json.dumps(body)
    try:
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=15)
        connection.request(method, path, body, headers)
        answer = connection.getresponse()
        raw = answer.read().decode("utf-8", "replace")
        try:
            parsed = json.loads(raw)
        except ValueError:
            parsed = raw
        return answer.status, parsed, dict(answer.getheaders())
    except (OSError, http.client.HTTPException):
        return None


def until_answered(method, path, body=None, token=None, form=False, ok=(200, 201)):
    """Sends again (the same request) until the portal answers; answers the final answer."""
    while not stop.is_set():
        answer = call(method, path, body, token, form)
        if answer is not None and answer[0] not in (502, 503) and not (answer[0] == 429 and "RATE_LIMIT_EXCEEDED" in str(answer[1])):
            return answer
        time.sleep(0.1)
    return None


stop = threading.Event()
registered, maybe_registered, orders, paying_started, sent = set(), set(), {}, set(), {}
attempted = {}  # batch id -> its players, for every batch sent at least once
buyers = {}  # steam id -> login token
failures = []
state_lock = threading.Lock()


def registrar(number):
    count = 0
    while not stop.is_set():
        count += 1
        email = f"crash{number}-{count}@example.com"
        answer = until_answered("POST", "/api/auth/email/send-code", {"email": email})
        if answer is None:
            return
        if answer[0] == 409:  # registered by a request whose answer was lost
            with state_lock:
                maybe_registered.add(email)
            continue
        if answer[0] != 200:
            failures.append(f"send-code {email}: {answer[0]} {answer[1]}")
            return
        code = None
        for _ in range(100):
            mail = call("GET", "/api/dev/mail")
            if mail and mail[0] == 200:
                code = next((m.get("code") for m in mail[1] if m.get("to") == email and m.get("code")), None)
                if code:
                    break
            time.sleep(0.1)
        if not code:  # the code mail was not written before a kill: ask again
            continue
        answer = until_answered("POST", "/api/auth/email/register", {"email": email, "password": PASSWORD,
                                                                       "code": code})
        if answer is None:
            return
        with state_lock:
            if answer[0] in (200, 201):
                registered.add(email)
            else:
                maybe_registered.add(email)  # e.g. the code was used by a register whose answer was lost


def steam_login(steam_id):
    callback = base + "/api/auth/steam/callback"
    form = urllib.parse.urlencode({"openid.return_to": callback, "openid.realm": base + "/", "steamid": steam_id,
                                   "persona": "Buyer", "action": "sign_in"})
    approved = call("POST", "/api/dev/openid/login", form, form=True)
    if not approved or approved[0] != 302:
        return None
    assertion = urllib.parse.urlsplit(approved[2]["Location"])
    answered = call("GET", assertion.path + "?" + assertion.query)
    if not answered or answered[0] != 302:
        return None
    query = urllib.parse.parse_qs(urllib.parse.urlsplit(answered[2]["Location"]).query)
    return query.get("token", [None])[0]


def buyer(number):
    count = 0
    while not stop.is_set():
        # A buyer may hold 5 unpaid orders (TOO_MANY_OPEN_ORDERS): a new buyer every 4 orders.
        steam_id = str(76561198200000000 + number * 10000 + count // 4)
        token = buyers.get(steam_id)
        if token is None:
            token = steam_login(steam_id)
            if token is None:
                time.sleep(0.2)
                continue
            buyers[steam_id] = token
        count += 1
        body = {"currency": "CNY", "productType": "vip", "productId": "vip",
                "options": json.dumps({"duration": 720, "paymentMethod": "wechat"})}
        created = until_answered("POST", "/api/payment/orders", body, token)
        if created is None:
            return
        if created[0] == 401:  # the login's answer was lost with a kill; sign in again
            buyers.pop(steam_id, None)
            continue
        if created[0] != 201:
            failures.append(f"order by {steam_id}: {created[0]} {created[1]}")
            return
        order_id = created[1]["id"]
        with state_lock:
            orders[order_id] = steam_id
        paying = until_answered("POST", "/api/payment/pay", {"orderId": order_id, "method": "wechat"}, token)
        if paying is not None and paying[0] == 200:
            with state_lock:
                paying_started.add(order_id)
        time.sleep(rng.uniform(0.1, 0.5))


players = [str(76561198100000000 + i) for i in range(50)]


def sender(number):
    count = 0
    while not stop.is_set():
        count += 1
        batch_id = f"s{number}-{count}"
        chosen = rng.sample(players, 3)
        body = {"batchId": batch_id, "mode": "dm", "players": [{"steamid": p, "kills": 1} for p in chosen]}
        with state_lock:
            attempted[batch_id] = chosen
        answer = until_answered("POST", "/api/plugin/stats", body, plugin_key)
        if answer is None:
            return
        if answer[0] != 200:
            failures.append(f"batch {batch_id}: {answer[0]} {answer[1]}")
            return
        with state_lock:
            sent[batch_id] = chosen


process, _ = portal.start()
threads = ([threading.Thread(target=registrar, args=(n,)) for n in range(2)] +
           [threading.Thread(target=buyer, args=(n,)) for n in range(3)] +
           [threading.Thread(target=sender, args=(n,)) for n in range(2)])
for thread in threads:
    thread.start()
restarts = []
began = time.monotonic()
for kill in range(kills):
    time.sleep(rng.uniform(0.5, 2.5))
    process.send_signal(signal.SIGKILL)
    process.wait()
    checked = portal.integrity()
    if checked != "ok":
        sys.exit(f"integrity check after kill {kill + 1}: {checked}")
    process, took = portal.start()
    restarts.append(took)
    if failures:
        break
stop.set()
for thread in threads:
    thread.join()
elapsed = time.monotonic() - began

problems = list(failures)
accounts = {row[0] for row in portal.query("SELECT email FROM users WHERE email IS NOT NULL")}
problems += [f"registration of {e} acknowledged but no account" for e in registered if e not in accounts]
for email in rng.sample(sorted(registered), min(20, len(registered))):
    login = call("POST", "/api/auth/email/login", {"email": email, "password": PASSWORD})
    if not login or login[0] != 200:
        problems.append(f"{email} does not log in: {login[0] if login else 'no answer'}")
stored = {}
for order_id, status in portal.query("SELECT id, state FROM orders"):
    stored[order_id] = status
problems += [f"order {o} acknowledged but missing" for o in orders if o not in stored]
problems += [f"order {o}: payment started, but the order is {stored.get(o)}" for o in paying_started
             if stored.get(o) != "awaiting_payment"]
orders_per_buyer = {}
for steam_id, count in portal.query("SELECT steam_id, COUNT(*) FROM orders GROUP BY steam_id"):
    orders_per_buyer[steam_id] = int(count)
for steam_id in set(orders.values()):
    acknowledged = sum(1 for owner in orders.values() if owner == steam_id)
    # A create whose answer was lost may have made one more order; never fewer than acknowledged.
    if orders_per_buyer.get(steam_id, 0) < acknowledged:
        problems.append(f"buyer {steam_id}: {orders_per_buyer.get(steam_id, 0)} orders, {acknowledged} acknowledged")
batch_ids = {row[0] for row in portal.query(f"SELECT batch_id FROM leaderboard_batches WHERE server_id = {server_id}")}
problems += [f"batch {b} acknowledged but missing" for b in sent if b not in batch_ids]
# Kills follow the batches recorded (a batch sent when the drill stopped may be recorded unanswered):
# each recorded batch counts once, whole.
expected_kills = {}
for batch_id in batch_ids:
    for player in attempted.get(batch_id, []):
        expected_kills[player] = expected_kills.get(player, 0) + 1
recorded = {sid: int(k) for sid, k in portal.query(
    "SELECT s.steam_id, s.kills FROM leaderboard_stats s JOIN leaderboard_boards b ON b.id = s.board_id "
    "WHERE b.mode = 'dm' AND b.season_id IS NULL AND s.steam_id LIKE '76561198100%'")}
problems += [f"player {p}: {recorded.get(p)} kills, {n} in the recorded batches" for p, n in expected_kills.items()
             if recorded.get(p) != n]

report = {
    "engine": portal.engine,
    "kills": len(restarts),
    "seconds": round(elapsed, 1),
    "registrations_acknowledged": len(registered),
    "registrations_unacknowledged_but_made": len(maybe_registered & accounts),
    "orders_acknowledged": len(orders),
    "payments_started": len(paying_started),
    "stats_batches_acknowledged": len(sent),
    "stats_batches_recorded": len(batch_ids),
    "restart_to_ready_s": {"median": round(sorted(restarts)[len(restarts) // 2], 2) if restarts else None,
                           "max": round(max(restarts), 2) if restarts else None},
    "problems": problems[:20],
}
print(json.dumps(report, indent=2))
process.send_signal(signal.SIGTERM)
process.wait(timeout=30)
if problems:
    print(f"drill FAILED (the data dir is kept: {data_dir})")
    sys.exit(1)
shutil.rmtree(portal.work, ignore_errors=True)
print("drill passed")

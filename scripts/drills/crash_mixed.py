#!/usr/bin/env python3
"""SIGKILL drill with mixed writes (issue 18): the portal in demo mode is killed at random moments while
four kinds of writers work through the API:

- registrations: send-code, the code read from the demo outbox, register; a step that got no answer
  is tried again (a repeated send-code for an address registered meanwhile answers 409, which counts
  as registered without an acknowledgement);
- orders and their notifications: a buyer (a Steam login through the development provider) creates a
  30-day VIP order, starts its WeChat Pay payment and, half the time, pays it at the provider, whose
  notifications (late, repeated and retried, as WeChat Pay's) reach a portal that keeps being killed;
- rental changes: the owner of a running practice server changes its join password again and again
  and now and then restarts it;
- stats batches from a game server, each resent under its id until answered (as crash_writes.py).

The providers and the cloud must outlive the portal, as the real ones do: their stand-ins run in a
second demo portal that is never killed ("the provider"), which holds the same keys (its
payment-sandbox.json and cloud-sandbox.json are copied to the killed portal's data dir). The killed
portal's public address is a proxy (outside_world.FaultProxy) that sends /dev/payments and /dev/cloud
to the provider, so the killed portal's calls reach the stand-ins and the stand-ins' notifications and
game-server reports reach whichever portal process is up.

The portal is killed KILLS times, 0.5 to 2.5 s apart, and started again; after each kill (SQLite)
`PRAGMA integrity_check` must say ok. At the end: every acknowledged registration is one account
whose password logs in; no buyer has fewer orders than were acknowledged; every order paid at the
provider is fulfilled with exactly one 30-day VIP grant, and every other order whose payment start was
acknowledged is awaiting its payment or expired (its window is 8 minutes); the server's password is
the last acknowledged one or a later one sent, and the server runs; every batch is recorded once and
every player's kills are exact.

    scripts/drills/crash_mixed.py BUILD_DIR [KILLS]                        (SQLite)
    scripts/with-postgres.sh scripts/drills/crash_mixed.py BUILD_DIR [KILLS]    (PostgreSQL)
"""
import http.client
import json
import os
import random
import shutil
import signal
import sys
import threading
import time
import urllib.parse

from killed_portal import ALL_TIME_DM_KILLS, KilledPortal, api_call
from outside_world import FaultProxy

build = sys.argv[1] if len(sys.argv) > 1 else "backend/build"
kills = int(sys.argv[2]) if len(sys.argv) > 2 else 30
portal = KilledPortal(build, "portal-crash-mixed-", demo=True, PORTAL_SECURITY__TRUST_FORWARDED_FOR="true",
                      PORTAL_PAYMENTS__RECONCILE_AFTER_S="30", PORTAL_PRACC__LAUNCH_RETRY_S="1",
                      PORTAL_PRACC__SYNC_INTERVAL_S="1", PORTAL_PRACC__LIFECYCLE_INTERVAL_S="1")
provider = KilledPortal(build, "portal-crash-provider-", demo=True, PORTAL_SECURITY__TRUST_FORWARDED_FOR="true",
                        PORTAL_CLOUD__SIM__BOOT_S="2", PORTAL_CLOUD__SIM__REBOOT_S="2")
for key in ("PORTAL_DATABASE__ENGINE", "PORTAL_DATABASE__POSTGRES_URL"):  # the provider keeps to SQLite
    provider.env.pop(key, None)
provider.postgres_url = ""
proxy = FaultProxy(portal.port)
proxy.route("/dev/payments", provider.port)
proxy.route("/dev/cloud", provider.port)
public = f"http://127.0.0.1:{proxy.port}"
portal.env["PORTAL_SERVER__PUBLIC_URL"] = public
provider.env["PORTAL_SERVER__PUBLIC_URL"] = public
port, base, data_dir, postgres_url = portal.port, public, portal.data_dir, portal.postgres_url
rng = random.Random(19)
PASSWORD = "crash-drill-password-42"

provider.cli("migrate")
provider_process, _ = provider.start()
portal.cli("migrate")
os.makedirs(portal.data_dir, exist_ok=True)  # on PostgreSQL, migrating made no data dir
for identity in ("payment-sandbox.json", "cloud-sandbox.json"):
    shutil.copy(os.path.join(provider.data_dir, identity), os.path.join(portal.data_dir, identity))
server_id, plugin_key = portal.add_server_key(27016)


address_counter = [0]
counter_lock = threading.Lock()


def call(method, path, body=None, token=None, form=False, to=None):
    """One request to the portal (or to port `to`); (status, parsed JSON or text, headers), or None when
    it did not answer."""
    with counter_lock:
        address_counter[0] += 1
        n = address_counter[0]
    try:
        return api_call(to or port, method, path, body, token, form,
                        forwarded_for=f"10.{(n >> 16) & 255}.{(n >> 8) & 255}.{n & 255}")
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
paid_at_provider = set()
passwords = {"acknowledged": -1, "sent": -1}  # the renter's password numbers
restarts_acknowledged = [0]
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
            if rng.random() < 0.5:  # the buyer pays at the provider, which outlives the portal
                paid = call("POST", f"/api/dev/payments/{order_id}/pay", {}, to=provider.port)
                if paid and paid[0] == 200:
                    with state_lock:
                        paid_at_provider.add(order_id)
                else:
                    failures.append(f"paying {order_id} at the provider: {paid[:2] if paid else 'no answer'}")
                    return
        time.sleep(rng.uniform(0.1, 0.5))


def buy_server(token):
    """A practice server bought and paid before the kills begin: its id once it runs."""
    options = {"serverName": "crash drill", "password": "pw0", "region": "ap-shanghai", "duration": 720,
               "paymentMethod": "alipay", "isRelocatable": False, "nickname": "Owner"}
    created = call("POST", "/api/payment/orders", {"currency": "CNY", "productType": "server_rental",
                                                   "productId": "new_server", "options": json.dumps(options)}, token)
    order_id = created[1]["id"]
    paying = call("POST", "/api/payment/pay", {"orderId": order_id, "method": "alipay"}, token)
    page = urllib.parse.urlsplit(paying[1]["payment_url"])
    call("GET", page.path + "?" + page.query, to=provider.port)  # the buyer's browser opens the page
    paid = call("POST", f"/api/dev/payments/{order_id}/pay", {}, to=provider.port)
    if not paid or paid[0] != 200:
        sys.exit(f"the rental could not be paid: {paid}")
    for _ in range(240):
        listed = call("GET", "/api/scrim/getUserServers", token=token)
        running = [s for s in (listed[1] if listed and listed[0] == 200 else []) if s.get("status") == "RUNNING"]
        if running:
            return running[0]["instance_id"]
        time.sleep(0.5)
    sys.exit(f"the rental did not start: {listed}")


def server_status(token, instance_id):
    listed = call("GET", "/api/scrim/getUserServers", token=token)
    if not listed or listed[0] != 200:
        return None
    return next((s.get("status") for s in listed[1] if s.get("instance_id") == instance_id), None)


def renter(token, instance_id):
    number = 0
    while not stop.is_set():
        if number % 10 == 9:
            restarted = until_answered("POST", "/api/scrim/restart-server", {"instance_id": instance_id}, token)
            if restarted is not None and restarted[0] == 200:
                restarts_acknowledged[0] += 1
        number += 1
        while not stop.is_set():
            with state_lock:
                passwords["sent"] = number
            changed = until_answered("POST", "/api/scrim/change-password",
                                     {"instance_id": instance_id, "password": f"pw{number}"}, token)
            if changed is None:
                return
            if changed[0] == 200:
                with state_lock:
                    passwords["acknowledged"] = number
                break
            if changed[0] == 409:  # restarting: nothing changed; the same password once it runs again
                time.sleep(0.5)
                continue
            failures.append(f"password pw{number}: {changed[0]} {changed[1]}")
            return
        time.sleep(rng.uniform(0.2, 0.6))


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
owner_token = steam_login("76561198200999999")
rental_id = buy_server(owner_token)
threads = ([threading.Thread(target=registrar, args=(n,)) for n in range(2)] +
           [threading.Thread(target=buyer, args=(n,)) for n in range(3)] +
           [threading.Thread(target=sender, args=(n,)) for n in range(2)] +
           [threading.Thread(target=renter, args=(owner_token, rental_id))])
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
# The portal stays up now: the provider's notifications (retried up to a minute apart) and the
# reconciliation bring every paid order home.
settle_until = time.monotonic() + 300
while time.monotonic() < settle_until:
    states = dict(portal.query("SELECT id, state FROM orders"))
    if all(states.get(o) == "fulfilled" for o in paid_at_provider):
        break
    time.sleep(2)
settled_after = round(time.monotonic() - (settle_until - 300), 1)
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
problems += [f"order {o}: paid at the provider, but the order is {stored.get(o)}" for o in paid_at_provider
             if stored.get(o) != "fulfilled"]
problems += [f"order {o}: payment started, not paid, but the order is {stored.get(o)}"
             for o in paying_started - paid_at_provider if stored.get(o) not in ("awaiting_payment", "expired")]
grants = {}
for ref, seconds in portal.query("SELECT source_ref, expires_at - starts_at FROM vip_subscriptions "
                                 "WHERE source = 'order'"):
    grants.setdefault(ref, []).append(int(seconds))
problems += [f"order {o}: VIP grants {grants.get('order:' + o)}, one of 30 days expected" for o in paid_at_provider
             if grants.get("order:" + o) != [720 * 3600]]
problems += [f"{ref}: VIP granted for an order not paid at the provider" for ref in grants
             if ref[len("order:"):] not in paid_at_provider]
stored_password = portal.query(f"SELECT join_password FROM rental_servers WHERE id = '{rental_id}'")[0][0]
stored_number = int(stored_password[2:])
if not passwords["acknowledged"] <= stored_number <= passwords["sent"]:
    problems.append(f"rental password pw{stored_number}: acknowledged up to pw{passwords['acknowledged']}, "
                    f"sent up to pw{passwords['sent']}")
status = None
for _ in range(120):
    status = server_status(owner_token, rental_id)
    if status == "RUNNING":
        break
    time.sleep(0.5)
if status != "RUNNING":
    problems.append(f"the rented server is {status}, not RUNNING")
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
    ALL_TIME_DM_KILLS + " WHERE steam_id LIKE '76561198100%' GROUP BY steam_id")}
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
    "paid_at_provider": len(paid_at_provider),
    "paid_orders_fulfilled_after_the_last_kill_s": settled_after,
    "rental_passwords_acknowledged": passwords["acknowledged"],
    "rental_restarts_acknowledged": restarts_acknowledged[0],
    "stats_batches_acknowledged": len(sent),
    "stats_batches_recorded": len(batch_ids),
    "restart_to_ready_s": {"median": round(sorted(restarts)[len(restarts) // 2], 2) if restarts else None,
                           "max": round(max(restarts), 2) if restarts else None},
    "problems": problems[:20],
}
print(json.dumps(report, indent=2))
process.send_signal(signal.SIGTERM)
process.wait(timeout=30)
provider_process.send_signal(signal.SIGTERM)
provider_process.wait(timeout=30)
if problems:
    print(f"drill FAILED (the data dir is kept: {data_dir})")
    sys.exit(1)
shutil.rmtree(portal.work, ignore_errors=True)
shutil.rmtree(provider.work, ignore_errors=True)
print("drill passed")

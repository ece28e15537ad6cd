#!/usr/bin/env python3
"""Outside systems down or slow (issue 18): Steam, SMTP, a payment provider and the cloud API fail
one at a time while the portal (demo mode, SQLite) serves, and the drill checks what a person and the
operator would see: a clear error in the shared shape, in bounded time, with its text in both
languages; retries where the system retries; nothing lost once the system is back.

The portal's public address is a fault proxy (outside_world.FaultProxy), so its calls to the
stand-ins (Steam OpenID's check_authentication, the WeChat Pay and Alipay APIs, Tencent Cloud's CVM
API) and the providers' notifications pass through it and can be cut or slowed; mail goes to an SMTP
server with STARTTLS (outside_world.SmtpSink) that can refuse, go mute or stop listening.

    scripts/drills/outside_down.py BUILD_DIR
"""
import json
import os
import socket
import sys
import time
import urllib.parse

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from killed_portal import KilledPortal, api_call  # noqa: E402
from outside_world import FaultProxy, SmtpSink  # noqa: E402

build = sys.argv[1] if len(sys.argv) > 1 else "backend/build"
ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
portal = KilledPortal(build, "portal-outside-", demo=True, PORTAL_SECURITY__TRUST_FORWARDED_FOR="true")
proxy = FaultProxy(portal.port)
sink = SmtpSink(portal.work)
public = f"http://127.0.0.1:{proxy.port}"
portal.env.update(
    PORTAL_SERVER__PUBLIC_URL=public,
    PORTAL_MAIL__TRANSPORT="smtp", PORTAL_MAIL__SMTP_URL=f"smtp://127.0.0.1:{sink.port}",
    PORTAL_MAIL__CA_FILE=sink.cert, PORTAL_MAIL__TIMEOUT_S="5",
    PORTAL_PAYMENTS__SANDBOX__FIRST_DELAY_MS="200", PORTAL_PAYMENTS__SANDBOX__LATE_PERCENT="0",
    PORTAL_PAYMENTS__SANDBOX__DUPLICATE_PERCENT="0", PORTAL_PAYMENTS__RECONCILE_AFTER_S="30",
    PORTAL_PRACC__LAUNCH_RETRY_S="1", PORTAL_PRACC__SYNC_INTERVAL_S="1", PORTAL_PRACC__LIFECYCLE_INTERVAL_S="1",
    PORTAL_CLOUD__SIM__BOOT_S="2",
)
portal.env["PORTAL_LOG__LEVEL"] = "info"
portal.log_file = os.path.join(portal.work, "portal.log")
portal.cli("migrate")
process, _ = portal.start()
failures, report = [], {}
address = [0]


def call(method, path, body=None, token=None, form=False, timeout=60):
    """(status, parsed body, headers, seconds) straight to the portal, as a browser would send it."""
    address[0] += 1
    started = time.monotonic()
    answer = api_call(portal.port, method, path, body, token, form,
                      forwarded_for=f"10.9.{address[0] >> 8 & 255}.{address[0] & 255}", timeout=timeout)
    return (*answer, round(time.monotonic() - started, 2))


def check(name, ok, detail=""):
    print(("  ok    " if ok else "  FAIL  ") + name + (f": {detail}" if detail and not ok else ""))
    if not ok:
        failures.append(f"{name}: {detail}")


def wait_for(what, seconds, step=0.5):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        value = what()
        if value:
            return value
        time.sleep(step)
    return what()


def error_code(answer):
    return answer[1].get("error") if isinstance(answer[1], dict) else None


def locale_key(namespace, dotted):
    """The text of a web locale key in (zh, en), or None where one is missing."""
    texts = []
    for lang in ("zh", "en"):
        with open(os.path.join(ROOT, "web", "src", "locales", lang, namespace + ".json"), encoding="utf-8") as f:
            node = json.load(f)
        for part in dotted.split("."):
            node = node.get(part) if isinstance(node, dict) else None
        texts.append(node if isinstance(node, str) else None)
    return tuple(texts)


def both_languages(namespace, dotted):
    zh, en = locale_key(namespace, dotted)
    check(f"the web says it in Chinese and English ({namespace}:{dotted})", bool(zh and en), f"zh={zh!r} en={en!r}")
    return {"zh": zh, "en": en}


def steam_login(steam_id):
    """The browser's round trip through the development OpenID provider; the callback's answer."""
    form = urllib.parse.urlencode({"openid.return_to": public + "/api/auth/steam/callback",
                                   "openid.realm": public + "/", "steamid": steam_id, "persona": "Drill",
                                   "action": "sign_in"})
    approved = call("POST", "/api/dev/openid/login", form, form=True)
    assertion = urllib.parse.urlsplit(approved[2]["Location"])
    answered = call("GET", assertion.path + "?" + assertion.query)
    query = urllib.parse.parse_qs(urllib.parse.urlsplit(answered[2].get("Location", "")).query)
    return answered, query.get("token", [None])[0], query.get("error", [None])[0]


# --- Steam -----------------------------------------------------------------------------------------
print("Steam OpenID")
steam = {}
for mode, seconds in (("down", 0), ("slow", 20)):
    rule = proxy.fail("/api/dev/openid/login", mode, seconds=seconds, body="check_authentication")
    answered, token, error = steam_login("76561198300000001")
    proxy.heal(rule)
    steam[mode] = {"status": answered[0], "error": error, "seconds": answered[3]}
    check(f"Steam {mode}: the login is refused as steam_api_error", answered[0] == 302 and error == "steam_api_error"
          and token is None, str(steam[mode]))
    check(f"Steam {mode}: answered within 8 s", answered[3] < 8, str(answered[3]))
answered, token, error = steam_login("76561198300000001")
check("Steam back: the same login succeeds at once", token is not None, str(error))
steam["texts"] = both_languages("auth", "errors.steamApiError")
report["steam"] = steam

# --- SMTP ------------------------------------------------------------------------------------------
print("SMTP")
smtp = {}


def send_code(email):
    return call("POST", "/api/auth/email/send-code", {"email": email})


sink.go_down()
for mode in ("down", "refuse", "mute"):
    if mode != "down":
        sink.come_up()
        sink.mode = mode
    answer = send_code(f"smtp-{mode}@example.com")
    smtp[mode] = {"status": answer[0], "code": error_code(answer), "retry_after": answer[2].get("Retry-After"),
                  "seconds": answer[3]}
    check(f"SMTP {mode}: send-code answers 503 MAIL_FAILED", answer[0] == 503 and error_code(answer) == "MAIL_FAILED",
          str(smtp[mode]))
    check(f"SMTP {mode}: within the 5 s mail timeout and a second", answer[3] < 6.5, str(answer[3]))
    if mode != "mute":
        sink.go_down()
sink.go_down()
sink.come_up()
answer = send_code("smtp-down@example.com")
check("SMTP back: the code is sent", answer[0] == 200, str(answer[:2]))
mail = sink.mail_to("smtp-down@example.com")
check("SMTP back: one mail reached the server", len(mail) == 1, str(len(mail)))
smtp["texts"] = both_languages("auth", "errors.sendCodeFailed")
report["smtp"] = smtp

# --- A payment provider (WeChat Pay) ---------------------------------------------------------------
print("WeChat Pay")
payments = {}
_, buyer, _ = steam_login("76561198300000002")
VIP = {"currency": "CNY", "productType": "vip", "productId": "vip",
       "options": json.dumps({"duration": 720, "paymentMethod": "wechat"})}


def order_status(order_id, token):
    answer = call("GET", f"/api/payment/orders/{order_id}", token=token)
    return answer[1].get("status") if answer[0] == 200 else f"http {answer[0]}"


created = call("POST", "/api/payment/orders", VIP, buyer)
check("an order is made while nothing is wrong", created[0] == 201, str(created[:2]))
order = created[1]["id"]
for mode, seconds in (("down", 0), ("slow", 12), ("error", 0)):
    rule = proxy.fail("/dev/payments/wechat", mode, seconds=seconds)
    paying = call("POST", "/api/payment/pay", {"orderId": order, "method": "wechat"}, buyer)
    proxy.heal(rule)
    payments[mode] = {"status": paying[0], "code": error_code(paying), "seconds": paying[3]}
    check(f"provider {mode}: starting the payment answers 502 PAYMENT_PROVIDER_ERROR",
          paying[0] == 502 and error_code(paying) == "PAYMENT_PROVIDER_ERROR", str(payments[mode]))
    check(f"provider {mode}: within its 10 s timeout and a second", paying[3] < 11.5, str(paying[3]))
    check(f"provider {mode}: the order still waits for its payment", order_status(order, buyer) == "pending",
          order_status(order, buyer))
paying = call("POST", "/api/payment/pay", {"orderId": order, "method": "wechat"}, buyer)
check("provider back: the same order's payment starts", paying[0] == 200, str(paying[:2]))

# The provider cannot reach the portal: every notification fails; the portal's reconciliation asks.
notify_rule = proxy.fail("/api/payment/notify", "error")
paid_at = time.monotonic()
answer = call("POST", f"/api/dev/payments/{order}/pay", {})
check("the buyer pays at the provider", answer[0] == 200, str(answer[:2]))
status = wait_for(lambda: order_status(order, buyer) == "paid" and "paid", 150, step=1)
payments["reconciled_after_s"] = round(time.monotonic() - paid_at, 1)
payments["notifications_refused"] = notify_rule.hits
check("notifications lost: the order is paid by reconciliation", status == "paid",
      f"{order_status(order, buyer)} after {payments['reconciled_after_s']} s, {notify_rule.hits} refused")
proxy.heal(notify_rule)
vip = call("GET", "/api/auth/vip-status/76561198300000002")
first_expiry = vip[1].get("vipExpireDate")
time.sleep(20)  # the provider's next retries (2 s, 5 s, 15 s) now arrive: duplicates
vip = call("GET", "/api/auth/vip-status/76561198300000002")
payments["vip_expire_date"] = vip[1].get("vipExpireDate")
check("the late notifications grant nothing twice", first_expiry is not None and vip[1].get("vipExpireDate") ==
      first_expiry, f"{first_expiry} then {vip[1].get('vipExpireDate')}")
payments["texts"] = both_languages("payments", "errors.PAYMENT_PROVIDER_ERROR")
report["wechat"] = payments

# --- The cloud API (Tencent CVM) -------------------------------------------------------------------
print("Tencent Cloud")
cloud = {}
owner_id = "76561198300000003"
_, owner, _ = steam_login(owner_id)
with __import__("sqlite3").connect(os.path.join(portal.data_dir, "portal.db")) as db:
    db.execute("UPDATE users SET email = 'owner@example.com' WHERE steam_id = ?", (owner_id,))


def buy_server(name):
    options = {"serverName": name, "password": "abc123", "region": "ap-shanghai", "duration": 720,
               "paymentMethod": "alipay", "isRelocatable": False, "nickname": "Owner"}
    created = call("POST", "/api/payment/orders", {"currency": "CNY", "productType": "server_rental",
                                                   "productId": "new_server", "options": json.dumps(options)}, owner)
    if created[0] != 201:
        return None, created
    order_id = created[1]["id"]
    paying = call("POST", "/api/payment/pay", {"orderId": order_id, "method": "alipay"}, owner)
    if paying[0] != 200:
        return None, paying
    page = urllib.parse.urlsplit(paying[1]["payment_url"])
    call("GET", page.path + "?" + page.query)  # the buyer's browser opens the provider's page
    paid = call("POST", f"/api/dev/payments/{order_id}/pay", {})
    if paid[0] != 200:
        return None, paid
    return order_id, paid


def servers_of(token):
    answer = call("GET", "/api/scrim/getUserServers", token=token)
    return answer[1] if answer[0] == 200 else []


sink.go_down()
cloud_rule = proxy.fail("/dev/cloud/cvm", "down")
started = time.monotonic()
order, answer = buy_server("drill down")
check("cloud down: the server is bought and paid", order is not None, str(answer[:2]))
refunded = wait_for(lambda: order_status(order, owner) == "refunded", 60)
cloud["refunded_after_s"] = round(time.monotonic() - started, 1)
cloud["launch_calls_refused"] = cloud_rule.hits
check("cloud down: launching is tried again, then the order is refunded", refunded and cloud_rule.hits >= 3,
      f"{order_status(order, owner)}, {cloud_rule.hits} calls")
queued = wait_for(lambda: portal.query("SELECT state, attempts FROM mail_queue WHERE recipient = 'owner@example.com' "
                                        "AND attempts > 0"), 30)
cloud["mail_while_smtp_down"] = queued
check("SMTP down meanwhile: the owner's refund notice was tried and waits in the queue", len(queued) == 1 and
      queued[0][0] == "pending", str(queued))
proxy.heal(cloud_rule)
sink.come_up()
started = time.monotonic()
delivered = wait_for(lambda: sink.mail_to("owner@example.com"), 150, step=1)
cloud["mail_delivered_after_s"] = round(time.monotonic() - started, 1)
check("SMTP back: the notice is delivered once", len(sink.mail_to("owner@example.com")) == 1,
      f"{len(sink.mail_to('owner@example.com'))} mails after {cloud['mail_delivered_after_s']} s")

cloud["texts"] = both_languages("pracc", "card.launchFailed")

def game_servers_answering():
    """Machines of the stand-in whose game server answers A2S (each has its own loopback address)."""
    alive = []
    for n in range(1, 9):
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.settimeout(0.3)
            try:
                s.sendto(b"\xff\xff\xff\xffTSource Engine Query\x00", (f"127.77.0.{n}", 27015))
                s.recvfrom(1400)
                alive.append(f"127.77.0.{n}")
            except OSError:
                pass
    return alive



# The cloud answers RunInstances after the portal stopped waiting: the machine exists all the same.
before = set(game_servers_answering())  # machines of other portals on this host, if any
slow_rule = proxy.fail("/dev/cloud/cvm", "slow", seconds=14, body="ClientToken", times=1)
started = time.monotonic()
order, answer = buy_server("drill slow")
check("cloud slow: the server is bought and paid", order is not None, str(answer[:2]))
running = wait_for(lambda: any(s.get("status") == "RUNNING" for s in servers_of(owner)), 120, step=1)
cloud["running_after_s"] = round(time.monotonic() - started, 1)
check("cloud slow: the server runs", bool(running), str([s.get("status") for s in servers_of(owner)]))
time.sleep(5)


alive = sorted(set(game_servers_answering()) - before)
cloud["game_servers_answering"] = alive
check("cloud slow: one machine for the one server (no second launch beside the first)", len(alive) == 1, str(alive))
report["cloud"] = cloud

process.kill()
process.wait()
print(json.dumps(report, indent=2, ensure_ascii=False))
if failures:
    print(f"drill FAILED ({len(failures)}): the data dir and the log are kept in {portal.work}")
    sys.exit(1)
print("drill passed")

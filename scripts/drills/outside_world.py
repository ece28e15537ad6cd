"""The outside world of the outside-systems drill (outside_down.py), made to fail on cue.

FaultProxy: an HTTP proxy the portal is told is its public address. In demo mode every outside
system's stand-in is reached through that address (Steam OpenID at /api/dev/openid, the payment
providers at /dev/payments, Tencent Cloud at /dev/cloud), and so are the providers' notifications
and the game servers' reports, so a rule here makes one system unreachable, slow or erroring while
the rest works. Everything else is passed to the portal as it came.

SmtpSink: an SMTP submission server with STARTTLS (a certificate made for the run), which accepts
mail, refuses it with 421, swallows connections without a word, or is not listening at all.
"""
import http.client
import http.server
import os
import socket
import socketserver
import ssl
import subprocess
import threading
import time

HOP_BY_HOP = {"connection", "keep-alive", "transfer-encoding", "te", "trailer", "upgrade", "proxy-connection"}


class Rule:
    """What happens to requests whose path starts with `prefix` (and whose body contains `body`)."""

    def __init__(self, prefix, mode, seconds=0.0, body=None, method=None, times=None):
        self.prefix, self.mode, self.seconds, self.body, self.method = prefix, mode, seconds, body, method
        self.times = times  # None: every matching request; n: the first n only
        self.hits = 0

    def matches(self, method, path, payload):
        if self.times is not None and self.hits >= self.times:
            return False
        if not path.startswith(self.prefix):
            return False
        if self.method and method != self.method:
            return False
        return self.body is None or self.body.encode() in payload


class FaultProxy:
    """Modes: "down" (the connection is closed without an answer, as an unreachable host looks to
    the caller), "slow" (the answer waits `seconds` before it is asked for), "error" (503)."""

    def __init__(self, upstream_port):
        self.upstream_port = upstream_port
        self.routes = {}  # path prefix -> port of another process that serves it
        self.rules = []
        self.lock = threading.Lock()
        proxy = self

        class Handler(http.server.BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args):
                pass

            def handle_any(self):
                try:
                    self.forward()
                except OSError:  # the caller gave up (its own timeout) while the answer was held back
                    self.close_connection = True

            def forward(self):
                length = int(self.headers.get("Content-Length") or 0)
                payload = self.rfile.read(length) if length else b""
                rule = proxy.rule_for(self.command, self.path, payload)
                if rule and rule.mode == "down":
                    self.close_connection = True
                    self.connection.shutdown(socket.SHUT_RDWR)
                    return
                if rule and rule.mode == "error":
                    body = b'{"error":"Service Unavailable"}'
                    self.send_response(503)
                    self.send_header("Content-Type", "application/json")
                    self.send_header("Content-Length", str(len(body)))
                    self.send_header("Connection", "close")
                    self.end_headers()
                    self.wfile.write(body)
                    self.close_connection = True
                    return
                if rule and rule.mode == "slow":
                    time.sleep(rule.seconds)
                headers = {k: v for k, v in self.headers.items() if k.lower() not in HOP_BY_HOP}
                if "X-Forwarded-For" not in headers:
                    headers["X-Forwarded-For"] = self.client_address[0]
                try:
                    upstream = http.client.HTTPConnection("127.0.0.1", proxy.port_for(self.path), timeout=120)
                    upstream.request(self.command, self.path, body=payload or None, headers=headers)
                    answer = upstream.getresponse()
                    body = answer.read()
                    upstream.close()
                except OSError:
                    self.close_connection = True
                    self.connection.shutdown(socket.SHUT_RDWR)
                    return
                self.send_response(answer.status)
                for key, value in answer.getheaders():
                    if key.lower() not in HOP_BY_HOP and key.lower() != "content-length":
                        self.send_header(key, value)
                self.send_header("Content-Length", str(len(body)))
                self.send_header("Connection", "close")
                self.end_headers()
                self.wfile.write(body)
                self.close_connection = True

            do_GET = do_POST = do_PUT = do_PATCH = do_DELETE = do_HEAD = handle_any

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.port = self.server.server_address[1]
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def route(self, prefix, port):
        """Requests whose path starts with `prefix` go to `port` instead of the portal."""
        self.routes[prefix] = port

    def port_for(self, path):
        return next((port for prefix, port in self.routes.items() if path.startswith(prefix)), self.upstream_port)

    def rule_for(self, method, path, payload):
        with self.lock:
            for rule in self.rules:
                if rule.matches(method, path, payload):
                    rule.hits += 1
                    return rule
        return None

    def fail(self, prefix, mode, seconds=0.0, body=None, method=None, times=None):
        rule = Rule(prefix, mode, seconds, body, method, times)
        with self.lock:
            self.rules.append(rule)
        return rule

    def heal(self, rule=None):
        with self.lock:
            self.rules = [] if rule is None else [r for r in self.rules if r is not rule]


class SmtpSink:
    """Modes: "up", "refuse" (421 at the greeting), "mute" (accepts the connection, says nothing),
    "down" (not listening: connection refused)."""

    def __init__(self, work_dir):
        self.cert = os.path.join(work_dir, "smtp-cert.pem")
        self.key = os.path.join(work_dir, "smtp-key.pem")
        subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj",
                        "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1", "-keyout", self.key, "-out",
                        self.cert], check=True, capture_output=True)
        self.tls = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
        self.tls.load_cert_chain(self.cert, self.key)
        self.mode = "up"
        self.messages = []  # (recipient, raw message)
        self.connections = 0
        self.lock = threading.Lock()
        probe = socket.socket()
        probe.bind(("127.0.0.1", 0))
        self.port = probe.getsockname()[1]
        probe.close()
        self.server = None
        self.listen()

    def listen(self):
        sink = self

        class Handler(socketserver.StreamRequestHandler):
            def handle(self):
                with sink.lock:
                    sink.connections += 1
                if sink.mode == "mute":
                    time.sleep(120)
                    return
                if sink.mode == "refuse":
                    self.wfile.write(b"421 4.3.2 Service not available, try again later\r\n")
                    return
                sink.converse(self.connection)

        class Server(socketserver.ThreadingTCPServer):
            allow_reuse_address = True
            daemon_threads = True

        self.server = Server(("127.0.0.1", self.port), Handler)
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def go_down(self):
        self.server.shutdown()
        self.server.server_close()

    def come_up(self):
        self.mode = "up"
        self.listen()

    def converse(self, conn):
        reader = conn.makefile("rb")

        def say(line):
            conn.sendall(line.encode() + b"\r\n")

        say("220 sink ESMTP")
        recipients, tls = [], False
        while True:
            line = reader.readline()
            if not line:
                return
            verb = line.decode("latin-1").strip().upper()
            if verb.startswith("EHLO") or verb.startswith("HELO"):
                say("250-sink" if not tls else "250-sink")
                say("250-8BITMIME")
                say("250 STARTTLS" if not tls else "250 SIZE 10485760")
            elif verb == "STARTTLS" and not tls:
                say("220 2.0.0 Ready to start TLS")
                conn = self.tls.wrap_socket(conn, server_side=True)
                reader = conn.makefile("rb")
                tls = True

                def say(line, conn=conn):
                    conn.sendall(line.encode() + b"\r\n")
            elif verb.startswith("MAIL FROM"):
                recipients = []
                say("250 2.1.0 Ok")
            elif verb.startswith("RCPT TO"):
                recipients.append(verb.split(":", 1)[1].strip(" <>").lower())
                say("250 2.1.5 Ok")
            elif verb == "DATA":
                say("354 End data with <CR><LF>.<CR><LF>")
                data = []
                while True:
                    chunk = reader.readline()
                    if not chunk or chunk == b".\r\n":
                        break
                    data.append(chunk)
                with self.lock:
                    for to in recipients:
                        self.messages.append((to, b"".join(data).decode("utf-8", "replace")))
                say("250 2.0.0 Ok: queued")
            elif verb == "QUIT":
                say("221 2.0.0 Bye")
                return
            else:
                say("250 2.0.0 Ok")

    def mail_to(self, address):
        with self.lock:
            return [raw for to, raw in self.messages if to == address.lower()]

"""The portal process the SIGKILL drills kill and start again (crash_writes.py, crash_mixed.py): its data
dir, port and environment (SQLite, or PostgreSQL when PORTAL_TEST_POSTGRES_URL is set), the CLI on the
same data, start-up until /readyz answers, and SQLite's integrity check."""
import http.client
import json
import os
import socket
import sqlite3
import subprocess
import sys
import tempfile
import time


class KilledPortal:
    def __init__(self, build, prefix, demo=False, **settings):
        self.binary = os.path.abspath(os.path.join(build, "portal"))
        self.postgres_url = os.environ.get("PORTAL_TEST_POSTGRES_URL", "")
        self.work = tempfile.mkdtemp(prefix=prefix)
        self.data_dir = os.path.join(self.work, "data")
        self.config = ["--config", "backend/config/portal.toml", "--data-dir", self.data_dir]
        self.demo = demo
        self.log_file = None  # the portal's output is kept there when set
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            self.port = s.getsockname()[1]
        self.base = f"http://127.0.0.1:{self.port}"
        # The drills' game servers never answer A2S: the first refresh, which runs before the portal
        # listens, waits for its timeouts. Short ones keep a restart short.
        self.env = dict(os.environ, PORTAL_AUTH__JWT_SECRET=os.urandom(24).hex(), PORTAL_LOG__ACCESS_LOG="false",
                        PORTAL_LOG__LEVEL="warn", PORTAL_SERVERS__QUERY_TIMEOUT_MS="200", **settings)
        if self.postgres_url:
            self.env.update(PORTAL_DATABASE__ENGINE="postgresql",
                            PORTAL_DATABASE__POSTGRES_URL=self.postgres_url + " connect_timeout=2")

    @property
    def engine(self):
        return "postgresql" if self.postgres_url else "sqlite"

    def cli(self, *args):
        return subprocess.run([self.binary, *args[:1], *self.config, *args[1:]], env=self.env, check=True,
                              capture_output=True, text=True).stdout

    def add_server_key(self, port, scopes="stats"):
        """A community server for the drill's plugin traffic: (server id, its plugin key)."""
        added = self.cli("servers", "add", "--ip", "127.0.0.1", "--port", str(port), "--name", "crash drill",
                         "--category", "deathmatch", "--region", "ap-shanghai")
        server_id = next(word for word in added.replace(":", " ").split() if word.isdigit())
        return server_id, self.cli("servers", "issue-key", server_id, "--scopes", scopes).strip().split()[-1]

    def start(self, within_s=90):
        """Starts the portal; (process, seconds until /readyz answered 200)."""
        serve = [self.binary, "serve", *(["--demo"] if self.demo else []), *self.config, "--port", str(self.port)]
        log = open(self.log_file, "ab") if self.log_file else subprocess.DEVNULL
        process = subprocess.Popen(serve, env=self.env, stdout=log, stderr=log)
        started = time.monotonic()
        while time.monotonic() - started < within_s:
            try:
                connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=2)
                connection.request("GET", "/readyz")
                if connection.getresponse().status == 200:
                    return process, time.monotonic() - started
            except OSError:
                pass
            time.sleep(0.05)
        sys.exit(f"the portal did not come back within {within_s} s")

    def integrity(self):
        if self.postgres_url:
            return "ok"
        with sqlite3.connect(os.path.join(self.data_dir, "portal.db")) as db:
            return db.execute("PRAGMA integrity_check").fetchone()[0]

    def query(self, sql):
        """Rows of a statement on the portal's database, every value as text."""
        if self.postgres_url:
            out = subprocess.run(["psql", "-d", self.postgres_url, "-AtF", "\t", "-c", sql], check=True,
                                 capture_output=True, text=True).stdout
            return [tuple(line.split("\t")) for line in out.splitlines() if line]
        with sqlite3.connect(os.path.join(self.data_dir, "portal.db")) as db:
            return [tuple(str(v) for v in row) for row in db.execute(sql).fetchall()]


# Every player's all-time dm kills as the database holds them: what the fold has added into
# leaderboard_stats, plus the change-log rows after changes_folded_through (appended by acknowledged
# batches, not folded yet when the portal stopped).
ALL_TIME_DM_KILLS = (
    "SELECT steam_id, SUM(kills) FROM ("
    "SELECT s.steam_id, s.kills FROM leaderboard_stats s JOIN leaderboard_boards b ON b.id = s.board_id "
    "WHERE b.mode = 'dm' AND b.season_id IS NULL "
    "UNION ALL SELECT c.steam_id, c.kills FROM leaderboard_changes c "
    "JOIN leaderboard_boards b ON b.id = c.board_id JOIN leaderboard_meta m ON m.id = 1 "
    "WHERE b.mode = 'dm' AND b.season_id IS NULL AND c.seq > m.changes_folded_through) t")


def api_call(port, method, path, body=None, token=None, form=False, forwarded_for=None, timeout=15):
    """One request to 127.0.0.1:port as a browser sends it: (status, parsed JSON or text, headers).
    Raises OSError or http.client.HTTPException when nothing comes back."""
    headers = {"X-Forwarded-For": forwarded_for} if forwarded_for else {}
    if token:
        headers["Authorization"] = "Bearer " + token
    if body is not None:
        headers["Content-Type"] = "application/x-www-form-urlencoded" if form else "application/json"
        body = body if form else json.dumps(body)
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    connection.request(method, path, body, headers)
    answer = connection.getresponse()
    raw = answer.read().decode("utf-8", "replace")
    try:
        parsed = json.loads(raw)
    except ValueError:
        parsed = raw
    return answer.status, parsed, dict(answer.getheaders())

-- Audit log: who did what to which object, for operators. One row per action; never updated.
-- Same table as postgres/0001_audit_log.sql. Times are UTC ISO-8601 text ("2025-01-31T12:00:00.000Z").
CREATE TABLE audit_log (
  id         INTEGER PRIMARY KEY AUTOINCREMENT,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  actor      TEXT NOT NULL DEFAULT 'system',  -- user id, or 'system' for jobs and start-up
  action     TEXT NOT NULL,                   -- e.g. 'server.create', 'vip.grant'
  target     TEXT,                            -- the object acted on, e.g. 'server:12'
  details    TEXT CHECK (details IS NULL OR json_valid(details))  -- JSON object
);

CREATE INDEX audit_log_created_at_idx ON audit_log (created_at);

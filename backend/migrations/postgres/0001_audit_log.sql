-- Audit log: who did what to which object, for operators. One row per action; never updated.
-- Same table as sqlite/0001_audit_log.sql. Times are TIMESTAMPTZ (sessions run with TimeZone=UTC).
CREATE TABLE audit_log (
  id         BIGSERIAL PRIMARY KEY,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  actor      TEXT NOT NULL DEFAULT 'system',  -- user id, or 'system' for jobs and start-up
  action     TEXT NOT NULL,                   -- e.g. 'server.create', 'vip.grant'
  target     TEXT,                            -- the object acted on, e.g. 'server:12'
  details    TEXT CHECK (details IS NULL OR details::jsonb IS NOT NULL)  -- JSON object
);

CREATE INDEX audit_log_created_at_idx ON audit_log (created_at);

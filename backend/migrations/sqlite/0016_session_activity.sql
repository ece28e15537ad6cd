-- SQLite; postgres/0016_session_activity.sql holds the same change for PostgreSQL.
-- When each sign-in session was last seen, for the operator console's list of a person's sessions.
-- A login records its session id with its auth_log row; the web's session check (every 60 s while a
-- tab is open) moves last_seen_at on. Rows go once the session's last token has expired.
ALTER TABLE auth_log ADD COLUMN session_id TEXT NOT NULL DEFAULT '';
CREATE TABLE session_activity (
  session_id   TEXT PRIMARY KEY,
  user_id      INTEGER NOT NULL,
  last_seen_at INTEGER NOT NULL,             -- unix seconds
  ip           TEXT NOT NULL DEFAULT ''      -- the address it was last seen from
);
CREATE INDEX session_activity_seen_idx ON session_activity (last_seen_at);

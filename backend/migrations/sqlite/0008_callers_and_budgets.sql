-- Callers and budgets: what a game-server key may do, which players the portal has seen on which
-- server (an in-game bind token is only issued for those), ended sign-in sessions, and per-account
-- budgets shared by every portal instance. Same tables as postgres/0008_callers_and_budgets.sql.

-- Comma-separated scopes of the server's plugin key: status, stats, members, bind. Keys issued before
-- scopes existed keep all four.
ALTER TABLE game_servers ADD COLUMN plugin_key_scopes TEXT NOT NULL DEFAULT 'status,stats,members,bind';

-- Players a plugin reported on a server, with when it last did.
CREATE TABLE server_presence (
  server_id INTEGER NOT NULL REFERENCES game_servers (id) ON DELETE CASCADE,
  steam_id  TEXT NOT NULL,
  seen_at   INTEGER NOT NULL,               -- unix seconds
  PRIMARY KEY (server_id, steam_id)
);
CREATE INDEX server_presence_seen_idx ON server_presence (seen_at);

-- A sign-in session is every login token refreshed from one sign-in; logout ends all of them.
CREATE TABLE ended_sessions (
  session_id TEXT PRIMARY KEY,
  expires_at INTEGER NOT NULL               -- unix seconds: no token of the session outlives this
);
CREATE INDEX ended_sessions_expires_idx ON ended_sessions (expires_at);

-- Fixed-window budgets per key (an e-mail address, an address on an account): taken in one statement.
CREATE TABLE budget_windows (
  budget_key   TEXT PRIMARY KEY,
  window_start INTEGER NOT NULL,            -- unix seconds
  window_end   INTEGER NOT NULL,            -- unix seconds; rows past it are purged
  used         INTEGER NOT NULL CHECK (used >= 0)
);
CREATE INDEX budget_windows_end_idx ON budget_windows (window_end);

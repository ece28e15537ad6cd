-- The live server list shared by several portal instances (features/servers/live_state.hpp). Only
-- the instance leading the refresh job reads the game servers; it publishes what it serves here, and
-- the other instances adopt it. Same tables as sqlite/0009_shared_live_servers.sql.
CREATE TABLE server_live_list (
  id         INTEGER PRIMARY KEY CHECK (id = 1),  -- one row
  revision   BIGINT NOT NULL,                     -- rises with every publication
  servers    TEXT NOT NULL,                       -- JSON array: every server as served, player lists included
  written_by TEXT NOT NULL,                       -- the publishing instance, host:port
  written_at BIGINT NOT NULL                      -- unix seconds
);

-- The newest plugin report per server, whichever instance received it; the refreshing instance
-- applies the fresh ones (servers.plugin_fresh_s) at its next cycle.
CREATE TABLE server_plugin_reports (
  server_id      BIGINT PRIMARY KEY REFERENCES game_servers (id) ON DELETE CASCADE,
  report         TEXT NOT NULL,     -- JSON: map, max_players, players
  received_at_ms BIGINT NOT NULL    -- unix milliseconds
);

CREATE INDEX server_plugin_reports_received_idx ON server_plugin_reports (received_at_ms);

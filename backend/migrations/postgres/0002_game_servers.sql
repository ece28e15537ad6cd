-- The community's game servers, their player-count history and the header announcement.
-- Same tables as sqlite/0002_game_servers.sql. Times are unix seconds where they are bucketed.
CREATE TABLE game_servers (
  id              BIGSERIAL PRIMARY KEY,
  ip              TEXT NOT NULL,
  port            INTEGER NOT NULL CHECK (port BETWEEN 1 AND 65535),
  name            TEXT NOT NULL,
  name_display    TEXT NOT NULL DEFAULT '',
  category        TEXT NOT NULL,          -- one of the spec's ten modes
  region          TEXT NOT NULL,          -- region code, e.g. ap-shanghai
  ontop           INTEGER NOT NULL DEFAULT 0,
  star            INTEGER NOT NULL DEFAULT 0,
  enabled         INTEGER NOT NULL DEFAULT 1,
  rcon_password   TEXT NOT NULL DEFAULT '',  -- empty: player names from A2S (or a plugin push)
  plugin_key_hash TEXT NOT NULL DEFAULT '',  -- SHA-256 hex of the server plugin's API key
  demo            INTEGER NOT NULL DEFAULT 0,  -- seeded by demo mode, replaced at each demo start
  created_at      TIMESTAMPTZ NOT NULL DEFAULT now(),
  updated_at      TIMESTAMPTZ NOT NULL DEFAULT now(),
  UNIQUE (ip, port)
);

CREATE TABLE server_player_samples (
  server_id    BIGINT NOT NULL REFERENCES game_servers (id) ON DELETE CASCADE,
  bucket_start BIGINT NOT NULL,           -- unix seconds, a multiple of the bucket length
  players      INTEGER NOT NULL,          -- highest count seen in the bucket
  PRIMARY KEY (server_id, bucket_start)
);

CREATE INDEX server_player_samples_bucket_idx ON server_player_samples (bucket_start);

CREATE TABLE announcements (
  lang       TEXT PRIMARY KEY CHECK (lang IN ('zh', 'en')),
  text       TEXT NOT NULL,
  updated_at TIMESTAMPTZ NOT NULL DEFAULT now()
);

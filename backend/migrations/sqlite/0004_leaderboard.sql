-- Leaderboards: seasons, per-board live stats fed by game-server plugins, and the ranking readers see.
-- Same tables as postgres/0004_leaderboard.sql. Every time here is unix seconds (UTC).
--
-- A board is one mode in one season, or in all time (season_id NULL). Stats arrive as deltas into
-- leaderboard_stats; a background job turns a changed board into a new generation of
-- leaderboard_ranks (exact ranks 1..n in the documented order) and then switches readers to it, so a
-- page at any depth and a player's rank are primary-key lookups.

CREATE TABLE seasons (
  id         INTEGER PRIMARY KEY AUTOINCREMENT,
  name       TEXT NOT NULL UNIQUE,
  starts_at  INTEGER NOT NULL,
  ends_at    INTEGER,                        -- NULL while the season is open
  created_at INTEGER NOT NULL,
  CHECK (ends_at IS NULL OR ends_at >= starts_at)
);
-- At most one open season: stats go to it (and to all time).
CREATE UNIQUE INDEX seasons_one_open ON seasons ((ends_at IS NULL)) WHERE ends_at IS NULL;

CREATE TABLE leaderboard_boards (
  id          INTEGER PRIMARY KEY AUTOINCREMENT,
  season_id   INTEGER REFERENCES seasons (id) ON DELETE CASCADE,  -- NULL: all time
  mode        TEXT NOT NULL CHECK (mode IN ('dm', 'dm-pistol', 'solo', 'retakes')),
  generation  INTEGER NOT NULL DEFAULT 0,   -- the ranking readers see (0: none yet)
  ranked      INTEGER NOT NULL DEFAULT 0,   -- players in that ranking
  ranked_at   INTEGER NOT NULL DEFAULT 0,   -- when that ranking was taken
  dirty       INTEGER NOT NULL DEFAULT 0,   -- 1: stats changed since that ranking was taken
  changed_at  INTEGER NOT NULL DEFAULT 0,   -- last applied batch
  lease_until INTEGER NOT NULL DEFAULT 0    -- a refresh holds the board until then (several instances)
);
CREATE UNIQUE INDEX leaderboard_boards_key ON leaderboard_boards (COALESCE(season_id, 0), mode);

INSERT INTO leaderboard_boards (season_id, mode) VALUES (NULL, 'dm'), (NULL, 'dm-pistol'), (NULL, 'solo'), (NULL, 'retakes');

-- The in-game name last reported for a player (a portal account's avatar is joined in when reading).
CREATE TABLE leaderboard_players (
  steam_id   TEXT PRIMARY KEY,
  nickname   TEXT NOT NULL DEFAULT '',
  updated_at INTEGER NOT NULL
) WITHOUT ROWID;

-- Live totals per board and player; only ingestion writes here.
CREATE TABLE leaderboard_stats (
  board_id     INTEGER NOT NULL REFERENCES leaderboard_boards (id) ON DELETE CASCADE,
  steam_id     TEXT NOT NULL,
  kills        INTEGER NOT NULL DEFAULT 0,
  deaths       INTEGER NOT NULL DEFAULT 0,
  headshots    INTEGER NOT NULL DEFAULT 0,
  playtime     INTEGER NOT NULL DEFAULT 0,  -- minutes
  wins         INTEGER NOT NULL DEFAULT 0,
  loses        INTEGER NOT NULL DEFAULT 0,
  rifle_kills  INTEGER NOT NULL DEFAULT 0,
  awp_kills    INTEGER NOT NULL DEFAULT 0,
  pistol_kills INTEGER NOT NULL DEFAULT 0,
  clutches     INTEGER NOT NULL DEFAULT 0,
  clutchwins   INTEGER NOT NULL DEFAULT 0,
  updated_at   INTEGER NOT NULL,
  PRIMARY KEY (board_id, steam_id)
) WITHOUT ROWID;
-- The ranking order (see features/leaderboard/ordering.hpp): kills, fewer deaths, lower SteamID64.
CREATE INDEX leaderboard_stats_order ON leaderboard_stats (board_id, kills DESC, deaths, steam_id);

-- One ranking generation of a board: a copy of the totals at the moment it was taken, so the
-- numbers on a page always agree with its order.
CREATE TABLE leaderboard_ranks (
  board_id     INTEGER NOT NULL,
  generation   INTEGER NOT NULL,
  rank         INTEGER NOT NULL,            -- 1..ranked, no ties
  steam_id     TEXT NOT NULL,
  group_bits   INTEGER NOT NULL DEFAULT 0,  -- bits at ranking time: 1 pro, 2 kol, 4 op, 8 vip
  kills        INTEGER NOT NULL,
  deaths       INTEGER NOT NULL,
  headshots    INTEGER NOT NULL,
  playtime     INTEGER NOT NULL,
  wins         INTEGER NOT NULL,
  loses        INTEGER NOT NULL,
  rifle_kills  INTEGER NOT NULL,
  awp_kills    INTEGER NOT NULL,
  pistol_kills INTEGER NOT NULL,
  clutches     INTEGER NOT NULL,
  clutchwins   INTEGER NOT NULL,
  PRIMARY KEY (board_id, generation, rank)
) WITHOUT ROWID;
CREATE UNIQUE INDEX leaderboard_ranks_player ON leaderboard_ranks (board_id, generation, steam_id);

-- Positions within a group filter: for each non-empty set of the groups pro (1), kol (2), op (4),
-- the ranked players holding at least one of them, numbered 1.. in rank order.
CREATE TABLE leaderboard_group_ranks (
  board_id   INTEGER NOT NULL,
  generation INTEGER NOT NULL,
  group_set  INTEGER NOT NULL CHECK (group_set BETWEEN 1 AND 7),
  position   INTEGER NOT NULL,
  rank       INTEGER NOT NULL,
  PRIMARY KEY (board_id, generation, group_set, position)
) WITHOUT ROWID;

-- Batches applied, per server and the plugin's batch id: a repeated batch changes nothing.
CREATE TABLE leaderboard_batches (
  server_id   INTEGER NOT NULL REFERENCES game_servers (id) ON DELETE CASCADE,
  batch_id    TEXT NOT NULL,
  body_hash   TEXT NOT NULL,                 -- SHA-256 of the batch as applied; a reused id with other content is refused
  season_id   INTEGER,
  mode        TEXT NOT NULL,
  players     INTEGER NOT NULL,
  received_at INTEGER NOT NULL,
  PRIMARY KEY (server_id, batch_id)
);
CREATE INDEX leaderboard_batches_received_idx ON leaderboard_batches (received_at);

-- Which active pro/kol/op/vip members the current rankings were taken with (a digest): when the set
-- changes (grant, revoke, expiry) every board is ranked again, so badges and group filters follow.
CREATE TABLE leaderboard_meta (
  id                  INTEGER PRIMARY KEY CHECK (id = 1),
  members_fingerprint TEXT NOT NULL DEFAULT ''
);
INSERT INTO leaderboard_meta (id) VALUES (1);

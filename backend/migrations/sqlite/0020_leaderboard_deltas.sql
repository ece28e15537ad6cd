-- SQLite; postgres/0020_leaderboard_deltas.sql holds the same change for PostgreSQL.
-- Ingestion only appends: each change-log row now carries what the batch added to the player on that
-- board (and the nickname it named), and a stats batch no longer upserts leaderboard_stats and
-- leaderboard_players. Those upserts landed on random pages of million-row B-trees, about three
-- page writes per player; appends land on the log's last page. One elected job
-- (features/leaderboard/fold_repository.hpp) adds the log into leaderboard_stats and
-- leaderboard_players in key order now and then, so one page write takes many players. Until then
-- every instance adds the rows after changes_folded_through to what it reads (standings.hpp).
ALTER TABLE leaderboard_changes ADD COLUMN nickname TEXT;  -- NULL: the batch named none
ALTER TABLE leaderboard_changes ADD COLUMN kills INTEGER NOT NULL DEFAULT 0;
ALTER TABLE leaderboard_changes ADD COLUMN deaths INTEGER NOT NULL DEFAULT 0;
ALTER TABLE leaderboard_changes ADD COLUMN headshots INTEGER NOT NULL DEFAULT 0;
ALTER TABLE leaderboard_changes ADD COLUMN playtime INTEGER NOT NULL DEFAULT 0;
ALTER TABLE leaderboard_changes ADD COLUMN wins INTEGER NOT NULL DEFAULT 0;
ALTER TABLE leaderboard_changes ADD COLUMN loses INTEGER NOT NULL DEFAULT 0;
ALTER TABLE leaderboard_changes ADD COLUMN rifle_kills INTEGER NOT NULL DEFAULT 0;
ALTER TABLE leaderboard_changes ADD COLUMN awp_kills INTEGER NOT NULL DEFAULT 0;
ALTER TABLE leaderboard_changes ADD COLUMN pistol_kills INTEGER NOT NULL DEFAULT 0;
ALTER TABLE leaderboard_changes ADD COLUMN clutches INTEGER NOT NULL DEFAULT 0;
ALTER TABLE leaderboard_changes ADD COLUMN clutchwins INTEGER NOT NULL DEFAULT 0;

-- The highest seq already added into leaderboard_stats; the rows written before this migration
-- were applied by their own batches.
ALTER TABLE leaderboard_meta ADD COLUMN changes_folded_through INTEGER NOT NULL DEFAULT 0;
UPDATE leaderboard_meta
   SET changes_folded_through = COALESCE((SELECT MAX(seq) FROM leaderboard_changes), changes_pruned_through)
 WHERE id = 1;

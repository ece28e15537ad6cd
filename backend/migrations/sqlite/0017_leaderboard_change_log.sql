-- SQLite; postgres/0017_leaderboard_change_log.sql holds the same change for PostgreSQL.
-- Ranks are no longer taken as whole generations by one job: every instance keeps each board's order
-- in memory (features/leaderboard/standings.hpp) and follows this change log, so a batch's players
-- reach pages and ranks within a second and the work grows with what changed, not with the board.
--
-- Ingestion appends one row per board and player it touched, in the batch's transaction. seq is the
-- order instances apply them in; on SQLite commits are serial, so seq order is commit order.
CREATE TABLE leaderboard_changes (
  seq        INTEGER PRIMARY KEY AUTOINCREMENT,
  board_id   INTEGER NOT NULL,
  steam_id   TEXT NOT NULL,
  changed_at INTEGER NOT NULL             -- unix seconds; rows older than a few minutes are pruned
);
CREATE INDEX leaderboard_changes_age_idx ON leaderboard_changes (changed_at);

-- index_epoch: raised by bulk writers that bypass the log (the seeder); instances then load again.
-- changes_pruned_through: the highest seq pruned; an instance behind it loads again.
ALTER TABLE leaderboard_meta ADD COLUMN index_epoch INTEGER NOT NULL DEFAULT 0;
ALTER TABLE leaderboard_meta ADD COLUMN changes_pruned_through INTEGER NOT NULL DEFAULT 0;
ALTER TABLE leaderboard_meta DROP COLUMN members_fingerprint;

-- What the generation ranking needed, and nothing reads now. The order index alone moved every
-- updated player in two B-trees per board.
DROP INDEX leaderboard_stats_order;
DROP TABLE leaderboard_group_ranks;
DROP TABLE leaderboard_ranks;
ALTER TABLE leaderboard_boards DROP COLUMN generation;
ALTER TABLE leaderboard_boards DROP COLUMN ranked;
ALTER TABLE leaderboard_boards DROP COLUMN ranked_at;
ALTER TABLE leaderboard_boards DROP COLUMN dirty;
ALTER TABLE leaderboard_boards DROP COLUMN lease_until;

-- SQLite; postgres/0015_console_order_indexes.sql holds the same indexes for PostgreSQL.
-- The operator console's order list (GET /api/console/orders): newest or largest first over every
-- order, or within one state or one buyer's SteamID64, paged. Each index ends with id, the list's
-- tie-break, so a page is read from the index in order with no sort (checked with EXPLAIN at 100,000
-- orders). Searching by e-mail goes through users' unique e-mail index to orders_user_idx.
CREATE INDEX orders_created_idx ON orders (created_at, id);
CREATE INDEX orders_amount_idx ON orders (amount_minor, id);
CREATE INDEX orders_state_created_idx ON orders (state, created_at, id);
CREATE INDEX orders_steam_created_idx ON orders (steam_id, created_at, id);

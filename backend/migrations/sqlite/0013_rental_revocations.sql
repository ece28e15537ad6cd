-- Orders whose rental a refund took back (issue 15): one row per order, so a refund repeated, or a
-- revocation retried after a crash, takes the server or its renewed hours back only once.
CREATE TABLE rental_revocations (
  order_id  TEXT PRIMARY KEY,
  server_id TEXT NOT NULL,  -- the record changed (the chain's live record), or '' when none was left
  at        INTEGER NOT NULL
);

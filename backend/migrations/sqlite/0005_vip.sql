-- VIP page: the privilege comparison table (spec 000 §2.8, §3). Same table as postgres/0005_vip.sql.
-- Every time here is unix seconds (UTC).
--
-- One row per privilege, with its text in both languages and one value per user group (the privilege
-- types normal, vip, pro, kol, op): 1 allowed, 2 optional (partial or under development), 0 forbidden.
-- slug is the stable key operators name it by (`portal privileges update reserved_slot ...`).
CREATE TABLE privileges (
  id         INTEGER PRIMARY KEY AUTOINCREMENT,
  slug       TEXT NOT NULL UNIQUE,              -- [a-z0-9_]{2,40}
  content_en TEXT NOT NULL,                     -- 1-100 characters
  content_zh TEXT NOT NULL,
  detail_en  TEXT NOT NULL DEFAULT '',          -- 0-500 characters
  detail_zh  TEXT NOT NULL DEFAULT '',
  sort_order INTEGER NOT NULL DEFAULT 0,       -- rows show by sort_order, then id
  normal     INTEGER NOT NULL DEFAULT 0 CHECK (normal IN (0, 1, 2)),
  vip        INTEGER NOT NULL DEFAULT 0 CHECK (vip IN (0, 1, 2)),
  pro        INTEGER NOT NULL DEFAULT 0 CHECK (pro IN (0, 1, 2)),
  kol        INTEGER NOT NULL DEFAULT 0 CHECK (kol IN (0, 1, 2)),
  op         INTEGER NOT NULL DEFAULT 0 CHECK (op IN (0, 1, 2)),
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);
CREATE INDEX privileges_order_idx ON privileges (sort_order, id);

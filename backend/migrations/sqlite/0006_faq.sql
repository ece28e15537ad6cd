-- FAQ (spec 001 §2.8, §3): questions and answers per language, in the order operators set
-- (`portal faq ...`). Same table as postgres/0006_faq.sql. Every time here is unix seconds (UTC).
--
-- answer is HTML that went through the allow-list sanitizer (core/html_sanitizer) when it was saved;
-- the web sanitizes it again when it renders it.
CREATE TABLE faq_entries (
  id         INTEGER PRIMARY KEY AUTOINCREMENT,
  language   TEXT NOT NULL CHECK (language IN ('en', 'zh')),
  question   TEXT NOT NULL,                  -- 1-200 characters
  answer     TEXT NOT NULL,                  -- sanitized HTML, 1-20000 bytes
  sort_order INTEGER NOT NULL DEFAULT 0,     -- entries show by sort_order, then id
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);
CREATE INDEX faq_entries_language_order_idx ON faq_entries (language, sort_order, id);

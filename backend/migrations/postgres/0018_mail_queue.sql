-- PostgreSQL; sqlite/0018_mail_queue.sql holds the same change for SQLite.
-- Mail nobody is waiting for on a screen (a rental's expiry warnings, refunds) is queued here and
-- handed to SMTP by the job mail.deliver, again later while the server refuses or cannot be reached,
-- so an SMTP outage delays those mails instead of losing them. `dedupe_key` names what a mail is about
-- ("rental:<id>:expires_24h:<expiry>"): queuing the same notice twice keeps the first.
CREATE TABLE mail_queue (
  id              BIGSERIAL PRIMARY KEY,
  dedupe_key      TEXT NOT NULL UNIQUE,
  recipient       TEXT NOT NULL,
  subject         TEXT NOT NULL,
  body_text       TEXT NOT NULL,
  body_html       TEXT NOT NULL DEFAULT '',
  state           TEXT NOT NULL DEFAULT 'pending',  -- pending | sent | failed
  attempts        INTEGER NOT NULL DEFAULT 0,
  next_attempt_at BIGINT  NOT NULL,                 -- unix seconds
  created_at      BIGINT  NOT NULL,
  finished_at     BIGINT,                           -- sent or given up
  last_error      TEXT NOT NULL DEFAULT ''
);
CREATE INDEX mail_queue_due_idx ON mail_queue (state, next_attempt_at);

-- Accounts: users (Steam and/or e-mail), e-mail codes, reset links, sessions, binding and memberships.
-- Same tables as sqlite/0003_accounts.sql. Every time here is unix seconds (UTC).
CREATE TABLE users (
  id                 BIGSERIAL PRIMARY KEY,
  steam_id           TEXT UNIQUE,             -- SteamID64; NULL for an e-mail account not bound yet
  email              TEXT UNIQUE,             -- lower-cased; NULL for a Steam-only account
  password_hash      TEXT,                    -- Argon2id string (libsodium), with its parameters
  username           TEXT NOT NULL DEFAULT '',
  avatar             TEXT NOT NULL DEFAULT '',
  session_generation BIGINT NOT NULL DEFAULT 0,  -- login tokens carry it; raising it ends every session
  created_at         BIGINT NOT NULL,
  updated_at         BIGINT NOT NULL,
  last_login_at      BIGINT,
  CHECK (steam_id IS NOT NULL OR email IS NOT NULL)
);

-- One live registration code per address; a new code replaces the old one.
CREATE TABLE email_codes (
  email      TEXT PRIMARY KEY,
  code_hash  TEXT NOT NULL,                  -- SHA-256 of address and code
  attempts   INTEGER NOT NULL DEFAULT 0,     -- wrong guesses; the code is void after 5
  created_at BIGINT NOT NULL,
  expires_at BIGINT NOT NULL
);

CREATE TABLE password_reset_tokens (
  id         BIGSERIAL PRIMARY KEY,
  user_id    BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  token_hash TEXT NOT NULL UNIQUE,           -- SHA-256 of the 128-bit token; the token itself is only mailed
  created_at BIGINT NOT NULL,
  expires_at BIGINT NOT NULL,
  used_at    BIGINT
);
CREATE INDEX password_reset_tokens_user_idx ON password_reset_tokens (user_id);

-- Logged-out login tokens, until they would have expired anyway.
CREATE TABLE revoked_tokens (
  jti        TEXT PRIMARY KEY,
  expires_at BIGINT NOT NULL
);
CREATE INDEX revoked_tokens_expires_idx ON revoked_tokens (expires_at);

-- OpenID response nonces already accepted: a replayed assertion is refused.
CREATE TABLE openid_nonces (
  nonce   TEXT PRIMARY KEY,
  seen_at BIGINT NOT NULL
);
CREATE INDEX openid_nonces_seen_idx ON openid_nonces (seen_at);

-- Tokens a game-server plugin obtained for a player in game, typed on the site to prove the Steam account.
CREATE TABLE game_bind_tokens (
  token_hash TEXT PRIMARY KEY,
  steam_id   TEXT NOT NULL,
  server_id  BIGINT REFERENCES game_servers (id) ON DELETE SET NULL,
  created_at BIGINT NOT NULL,
  expires_at BIGINT NOT NULL,
  used_at    BIGINT
);
CREATE INDEX game_bind_tokens_steam_idx ON game_bind_tokens (steam_id);

-- A Steam account an e-mail user has proven to own (in-game token) and may bind for a few minutes.
CREATE TABLE steam_bind_proofs (
  user_id    BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  steam_id   TEXT NOT NULL,
  expires_at BIGINT NOT NULL,
  PRIMARY KEY (user_id, steam_id)
);

CREATE TABLE auth_log (
  id         BIGSERIAL PRIMARY KEY,
  user_id    BIGINT REFERENCES users (id) ON DELETE SET NULL,
  steam_id   TEXT NOT NULL DEFAULT '',
  action     TEXT NOT NULL,                  -- LOGIN-STEAM, LOGIN-EMAIL, LOGOUT, REGISTER, PASSWORD-RESET, BIND-STEAM
  ip         TEXT NOT NULL DEFAULT '',
  created_at BIGINT NOT NULL
);
CREATE INDEX auth_log_user_idx ON auth_log (user_id, created_at);

-- Groups granted by operators, per Steam account (a grant may precede the first login).
CREATE TABLE memberships (
  steam_id   TEXT NOT NULL,
  grp        TEXT NOT NULL CHECK (grp IN ('pro', 'kol', 'op')),
  expires_at BIGINT,                        -- NULL: no expiry
  granted_at BIGINT NOT NULL,
  granted_by TEXT NOT NULL DEFAULT 'cli',
  PRIMARY KEY (steam_id, grp)
);

-- VIP time, one row per grant; the VIP runs until the latest expires_at. source_ref makes a paid
-- grant idempotent (e.g. 'order:42'): a repeated notification cannot add the time twice.
CREATE TABLE vip_subscriptions (
  id         BIGSERIAL PRIMARY KEY,
  steam_id   TEXT NOT NULL,
  starts_at  BIGINT NOT NULL,
  expires_at BIGINT NOT NULL,
  source     TEXT NOT NULL,                  -- 'cli', 'order', ...
  source_ref TEXT UNIQUE,
  created_at BIGINT NOT NULL,
  CHECK (expires_at > starts_at)
);
CREATE INDEX vip_subscriptions_steam_idx ON vip_subscriptions (steam_id, expires_at);

-- Practice-server rental (issue 15, spec 001): rented servers, their admins, region switches, the
-- players seen on them and the operator's region settings. Same tables as sqlite/0011_rentals.sql.
-- Every time is unix seconds (UTC).

-- One rented server. id: 'srv_' and 80 random bits in base32, what the web calls instance_id.
-- phase is the portal's lifecycle; cloud_state the instance's last state seen (Tencent's names).
CREATE TABLE rental_servers (
  id                  TEXT PRIMARY KEY,
  owner_user_id       BIGINT NOT NULL REFERENCES users (id),
  owner_steam_id      TEXT NOT NULL,
  name                TEXT NOT NULL,
  join_password       TEXT NOT NULL,
  rcon_password       TEXT NOT NULL,
  region              TEXT NOT NULL,
  tier                TEXT NOT NULL CHECK (tier IN ('basic', 'premium')),
  phase               TEXT NOT NULL CHECK (phase IN ('creating', 'running', 'restarting', 'updating', 'verifying',
                                                     'switching', 'expired', 'starting', 'terminating',
                                                     'terminated', 'failed', 'relocated')),
  cloud_instance_id   TEXT,
  cloud_state         TEXT,
  public_ip           TEXT,
  game_port           INTEGER NOT NULL,
  order_id            TEXT UNIQUE,                 -- the paid order that created it (none for a switch)
  relocated_from      TEXT REFERENCES rental_servers (id),
  launch_attempts     INTEGER NOT NULL DEFAULT 0,
  next_launch_at      BIGINT NOT NULL DEFAULT 0,  -- when the provisioning job may try (again)
  maintenance_status  INTEGER NOT NULL DEFAULT 0 CHECK (maintenance_status IN (0, 1)),
  maintenance_text    TEXT NOT NULL DEFAULT '',
  busy_until          BIGINT NOT NULL DEFAULT 0,  -- restart lock: no other restart before this
  phase_since         BIGINT NOT NULL,
  expires_at          BIGINT NOT NULL,
  reminded            TEXT NOT NULL DEFAULT '',    -- reminders sent for this expires_at: '24h,1h,10m'
  created_at          BIGINT NOT NULL,
  updated_at          BIGINT NOT NULL
);
CREATE INDEX rental_servers_owner_idx ON rental_servers (owner_user_id, created_at);
CREATE INDEX rental_servers_phase_idx ON rental_servers (phase, next_launch_at);
CREATE INDEX rental_servers_expiry_idx ON rental_servers (expires_at);

-- The server's admins as the owner set them (at least 1, at most 7, checked by the service).
CREATE TABLE rental_admins (
  server_id  TEXT NOT NULL REFERENCES rental_servers (id),
  steam_id   TEXT NOT NULL,
  note       TEXT NOT NULL DEFAULT '',
  position   INTEGER NOT NULL,
  PRIMARY KEY (server_id, steam_id)
);
CREATE INDEX rental_admins_steam_idx ON rental_admins (steam_id);

-- Every region switch, for the limit of 2 per server per day (GMT+8). A switch moves to a new
-- server record; both ids are kept so the limit follows the chain.
CREATE TABLE rental_switches (
  id          BIGSERIAL PRIMARY KEY,
  origin_id   TEXT NOT NULL,                    -- the first server of the chain
  from_id     TEXT NOT NULL,
  to_id       TEXT NOT NULL,
  from_region TEXT NOT NULL,
  to_region   TEXT NOT NULL,
  at          INTEGER NOT NULL
);
CREATE INDEX rental_switches_origin_idx ON rental_switches (origin_id, at);

-- Players seen on an owner's servers, and earlier admins: the "past teammates" list.
CREATE TABLE rental_teammates (
  owner_steam_id TEXT NOT NULL,
  steam_id       TEXT NOT NULL,
  name           TEXT NOT NULL DEFAULT '',
  last_seen      BIGINT NOT NULL,
  PRIMARY KEY (owner_steam_id, steam_id)
);

-- The operator's word on each region: offered at all, and recommended (a star in the web).
CREATE TABLE rental_regions (
  region      TEXT PRIMARY KEY,
  enabled     INTEGER NOT NULL DEFAULT 1 CHECK (enabled IN (0, 1)),
  recommended INTEGER NOT NULL DEFAULT 0 CHECK (recommended IN (0, 1)),
  updated_at  BIGINT NOT NULL
);

-- Payments (issue 14, docs/payments.md): the price table, orders and their history, provider
-- notifications as received, fulfilments and refunds. Same tables as postgres/0010_payments.sql.
-- Every time here is unix seconds (UTC); every amount is integer minor units (fen, cents).

-- One price per (product type, duration, relocatable, currency), managed with `portal prices`.
CREATE TABLE prices (
  id             INTEGER PRIMARY KEY AUTOINCREMENT,
  product_type   TEXT NOT NULL,                 -- 'vip', 'server_rental'
  duration_hours INTEGER NOT NULL CHECK (duration_hours > 0),
  relocatable    INTEGER NOT NULL DEFAULT 0 CHECK (relocatable IN (0, 1)),
  currency       TEXT NOT NULL CHECK (currency IN ('CNY', 'USD')),
  amount_minor   INTEGER NOT NULL CHECK (amount_minor > 0),
  updated_at     INTEGER NOT NULL,
  UNIQUE (product_type, duration_hours, relocatable, currency)
);

-- id: 'ord_' and 128 random bits in hex, so an order cannot be guessed from another.
-- The amount and currency are copied from prices when the order is made: a later price change does
-- not change what the buyer was asked to pay.
CREATE TABLE orders (
  id             TEXT PRIMARY KEY,
  user_id        INTEGER NOT NULL REFERENCES users (id),
  steam_id       TEXT,                          -- the buyer's SteamID64 when the order was made
  product_type   TEXT NOT NULL,
  product_id     TEXT NOT NULL,
  options        TEXT NOT NULL DEFAULT '{}',    -- the client's options JSON text, as validated
  duration_hours INTEGER NOT NULL,
  relocatable    INTEGER NOT NULL DEFAULT 0,
  currency       TEXT NOT NULL,
  amount_minor   INTEGER NOT NULL,
  method         TEXT NOT NULL,                 -- alipay, wechat, paypal
  state          TEXT NOT NULL CHECK (state IN ('created', 'awaiting_payment', 'paid', 'fulfilled', 'expired',
                                                 'failed', 'refunded', 'held')),
  provider_ref   TEXT,                          -- trade_no / transaction_id / PayPal order id
  capture_ref    TEXT,                          -- PayPal capture id
  payment_url    TEXT,                          -- the start a second pay within the window answers again
  qr_payload     TEXT,
  created_at     INTEGER NOT NULL,
  expires_at     INTEGER,                       -- the end of the payment window, once paying started
  paid_at        INTEGER,
  fulfilled_at   INTEGER,
  refunded_at    INTEGER
);
CREATE INDEX orders_user_idx ON orders (user_id, created_at);
CREATE INDEX orders_state_idx ON orders (state, expires_at);

-- Every transition of an order, with who made it (user:<id>, notify:<provider>, job:<name>, cli).
CREATE TABLE order_events (
  id         INTEGER PRIMARY KEY AUTOINCREMENT,
  order_id   TEXT NOT NULL REFERENCES orders (id),
  from_state TEXT,                              -- NULL for the creation
  to_state   TEXT NOT NULL,
  actor      TEXT NOT NULL,
  detail     TEXT NOT NULL DEFAULT '',
  at         INTEGER NOT NULL
);
CREATE INDEX order_events_order_idx ON order_events (order_id, id);

-- Every verified notification as received. The unique event id makes a duplicate a no-op.
CREATE TABLE payment_notifications (
  id          INTEGER PRIMARY KEY AUTOINCREMENT,
  provider    TEXT NOT NULL,
  event_id    TEXT NOT NULL,
  order_id    TEXT,
  raw_body    TEXT NOT NULL,
  received_at INTEGER NOT NULL,
  outcome     TEXT NOT NULL DEFAULT 'received',  -- received, applied, ignored, held
  UNIQUE (provider, event_id)
);

-- One row per fulfilled order: the guard that no order is fulfilled twice.
CREATE TABLE fulfilments (
  id           INTEGER PRIMARY KEY AUTOINCREMENT,
  order_id     TEXT NOT NULL UNIQUE REFERENCES orders (id),
  product_type TEXT NOT NULL,
  result       TEXT NOT NULL DEFAULT '',
  at           INTEGER NOT NULL
);

CREATE TABLE refunds (
  id                  INTEGER PRIMARY KEY AUTOINCREMENT,
  refund_id           TEXT NOT NULL UNIQUE,     -- ours: out_request_no / out_refund_no / PayPal-Request-Id
  order_id            TEXT NOT NULL REFERENCES orders (id),
  amount_minor        INTEGER NOT NULL,
  provider_refund_ref TEXT,
  state               TEXT NOT NULL CHECK (state IN ('requested', 'pending', 'completed', 'failed')),
  created_at          INTEGER NOT NULL
);
CREATE INDEX refunds_order_idx ON refunds (order_id);

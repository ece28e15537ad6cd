-- The portal plugin of rented servers (issue 15): each server's plugin key, issued at every launch
-- (a relaunch or a region switch replaces it). Only the key's SHA-256 hex is kept; the key itself
-- reaches the machine once, in its user data. Same change as postgres/0014_rental_plugin_keys.sql.
ALTER TABLE rental_servers ADD COLUMN plugin_key_hash TEXT;
CREATE UNIQUE INDEX rental_servers_plugin_key_idx ON rental_servers (plugin_key_hash);

-- PostgreSQL; sqlite/0019_rental_launch_token.sql holds the same change for SQLite.
-- The ClientToken of a RunInstances the cloud never answered (a timeout, a broken connection): the
-- machine may have been made all the same, so the next attempt sends the same token, which the cloud
-- answers with that machine instead of making a second one. Empty after any answer.
ALTER TABLE rental_servers ADD COLUMN launch_token TEXT NOT NULL DEFAULT '';

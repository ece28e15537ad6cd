-- SQLite; postgres/0012_audit_log_filters.sql holds the same indexes for PostgreSQL.
-- The console's audit log (docs/console.md): filtered by actor, action or target and read newest first
-- (by id, which grows with created_at), one page at a time.
CREATE INDEX audit_log_actor_idx ON audit_log (actor, id);
CREATE INDEX audit_log_action_idx ON audit_log (action, id);
CREATE INDEX audit_log_target_idx ON audit_log (target, id);

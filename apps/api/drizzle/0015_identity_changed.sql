-- Every API instance keeps the sessions it has looked up in memory (modules/identity/session-cache.ts).
-- Whatever changes or removes a session or a user (sign-out, revoking sessions, a role change, an
-- account deleted or linked, housekeeping, staff at the psql prompt) tells every instance at
-- commit, so a signed-out token or a demoted staff member is refused at once, on every instance.
-- Payload: 's:<session token>' or 'u:<user id>'; TRUNCATE sends 'all'.
CREATE OR REPLACE FUNCTION identity_changed_row() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  IF TG_TABLE_NAME = 'sessions' THEN
    PERFORM pg_notify('identity_changed', 's:' || OLD.token);
  ELSE
    PERFORM pg_notify('identity_changed', 'u:' || OLD.id::text);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION identity_changed_all() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  PERFORM pg_notify('identity_changed', 'all');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER sessions_identity_changed AFTER UPDATE OR DELETE ON sessions
FOR EACH ROW EXECUTE FUNCTION identity_changed_row();
--> statement-breakpoint
CREATE TRIGGER users_identity_changed AFTER UPDATE OR DELETE ON users
FOR EACH ROW EXECUTE FUNCTION identity_changed_row();
--> statement-breakpoint
CREATE TRIGGER sessions_identity_truncated AFTER TRUNCATE ON sessions
FOR EACH STATEMENT EXECUTE FUNCTION identity_changed_all();
--> statement-breakpoint
CREATE TRIGGER users_identity_truncated AFTER TRUNCATE ON users
FOR EACH STATEMENT EXECUTE FUNCTION identity_changed_all();

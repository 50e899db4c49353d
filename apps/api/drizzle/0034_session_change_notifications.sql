-- Every instance keeps the sessions (token and user) it has read; any change to a user or a token
-- tells every instance to forget them, after it commits. A new token changes no session kept.
CREATE FUNCTION "notify_sessions_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('ruwa_sessions', TG_TABLE_NAME);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "users_sessions_changed" AFTER UPDATE OR DELETE OR TRUNCATE ON "users" FOR EACH STATEMENT EXECUTE FUNCTION "notify_sessions_changed"();--> statement-breakpoint
CREATE TRIGGER "auth_tokens_sessions_changed" AFTER UPDATE OR DELETE OR TRUNCATE ON "auth_tokens" FOR EACH STATEMENT EXECUTE FUNCTION "notify_sessions_changed"();

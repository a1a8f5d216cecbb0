-- The audit trail of the back office: who did what, when, before → after. Append-only: no
-- endpoint edits or deletes it, and the database refuses UPDATE and DELETE outright, so a bug
-- or a staff member at the psql prompt cannot rewrite history quietly. The actor is kept by id
-- and name (no foreign key): an entry outlives the account that made it.
CREATE TABLE "audit_entries" (
  "id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  "occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
  "actor_id" uuid,
  "actor_name" text NOT NULL,
  "actor_role" text NOT NULL,
  "kind" text NOT NULL,
  "subject_type" text NOT NULL,
  "subject_id" text NOT NULL,
  "summary" text DEFAULT '' NOT NULL,
  "before" jsonb,
  "after" jsonb
);
--> statement-breakpoint
CREATE INDEX "audit_entries_time_idx" ON "audit_entries" ("occurred_at" DESC, "id" DESC);
--> statement-breakpoint
CREATE INDEX "audit_entries_subject_idx" ON "audit_entries" ("subject_type", "subject_id", "occurred_at" DESC, "id" DESC);
--> statement-breakpoint
CREATE INDEX "audit_entries_actor_idx" ON "audit_entries" ("actor_id", "occurred_at" DESC, "id" DESC);
--> statement-breakpoint
CREATE INDEX "audit_entries_kind_idx" ON "audit_entries" ("kind", "occurred_at" DESC, "id" DESC);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION audit_entries_append_only() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  RAISE EXCEPTION 'audit_entries is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$;
--> statement-breakpoint
CREATE TRIGGER audit_entries_append_only BEFORE UPDATE OR DELETE ON "audit_entries"
FOR EACH STATEMENT EXECUTE FUNCTION audit_entries_append_only();

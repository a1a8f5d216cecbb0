CREATE TABLE "erasure_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"reviews" text NOT NULL,
	"channel" text NOT NULL,
	"requested_by" uuid,
	"staff_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"cancelled_at" timestamp with time zone,
	"erased_at" timestamp with time zone,
	"tax_records_purged_at" timestamp with time zone,
	CONSTRAINT "erasure_requests_state_check" CHECK ("erasure_requests"."state" in ('pending','cancelled','erased')),
	CONSTRAINT "erasure_requests_reviews_check" CHECK ("erasure_requests"."reviews" in ('anonymise','remove')),
	CONSTRAINT "erasure_requests_channel_check" CHECK ("erasure_requests"."channel" in ('customer','staff')),
	CONSTRAINT "erasure_requests_staff_reason_check" CHECK (("erasure_requests"."channel" = 'staff') = ("erasure_requests"."staff_reason" is not null))
);
--> statement-breakpoint
ALTER TABLE "erasure_requests" ADD CONSTRAINT "erasure_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "erasure_requests" ADD CONSTRAINT "erasure_requests_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "erasure_requests_one_pending_uidx" ON "erasure_requests" USING btree ("user_id") WHERE "erasure_requests"."state" = 'pending';--> statement-breakpoint
CREATE INDEX "erasure_requests_user_created_idx" ON "erasure_requests" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "erasure_requests_due_idx" ON "erasure_requests" USING btree ("due_at") WHERE "erasure_requests"."state" = 'pending';--> statement-breakpoint
CREATE INDEX "erasure_requests_tax_kept_idx" ON "erasure_requests" USING btree ("erased_at") WHERE "erasure_requests"."state" = 'erased' and "erasure_requests"."tax_records_purged_at" is null;--> statement-breakpoint
-- Erasure anonymises a consent record: the account link and the address go, what was agreed,
-- how and when stays (decision 0025). Everything else about a record stays refused.
CREATE OR REPLACE FUNCTION consent_records_append_only() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  IF TG_OP = 'UPDATE'
     AND (NEW.user_id IS NULL OR NEW.user_id IS NOT DISTINCT FROM OLD.user_id)
     AND (NEW.email IS NULL OR NEW.email IS NOT DISTINCT FROM OLD.email)
     AND (NEW.user_id, NEW.email) IS DISTINCT FROM (OLD.user_id, OLD.email)
     AND (NEW.id, NEW.purpose, NEW.action, NEW.shown_text, NEW.source, NEW.created_at)
         IS NOT DISTINCT FROM (OLD.id, OLD.purpose, OLD.action, OLD.shown_text, OLD.source, OLD.created_at)
  THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'consent_records is append-only (% refused)', TG_OP;
END
$$;
--> statement-breakpoint
CREATE TABLE "retention_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"settings" jsonb NOT NULL,
	"version" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by_name" text,
	CONSTRAINT "retention_settings_single_row" CHECK ("retention_settings"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "privacy_breaches" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "privacy_breaches_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"what" text NOT NULL,
	"data_affected" text NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"discovered_at" timestamp with time zone NOT NULL,
	"who_was_told" text,
	"people_told_at" timestamp with time zone,
	"pdpo_told_at" timestamp with time zone,
	"recorded_by_id" uuid,
	"recorded_by_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "privacy_breaches_newest_idx" ON "privacy_breaches" USING btree ("occurred_at" DESC NULLS LAST,"id" DESC NULLS LAST);

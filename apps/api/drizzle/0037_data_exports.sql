-- A copy of one's data (issue 40, decision 0021): one row per request; the job fills `file` (a ZIP)
-- and sets ready; the download sets downloaded; a job nulls `file` after download or expiry.
CREATE TABLE "data_exports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"file" bytea,
	"file_bytes" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ready_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"downloaded_at" timestamp with time zone,
	CONSTRAINT "data_exports_state_check" CHECK ("data_exports"."state" in ('queued','ready','downloaded','expired'))
);
--> statement-breakpoint
ALTER TABLE "data_exports" ADD CONSTRAINT "data_exports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "data_exports_user_created_idx" ON "data_exports" USING btree ("user_id","created_at" DESC,"id" DESC);--> statement-breakpoint
CREATE UNIQUE INDEX "data_exports_one_queued_uidx" ON "data_exports" USING btree ("user_id") WHERE "data_exports"."state" = 'queued';--> statement-breakpoint
CREATE INDEX "data_exports_file_kept_idx" ON "data_exports" USING btree ("expires_at") WHERE "data_exports"."file" IS NOT NULL;

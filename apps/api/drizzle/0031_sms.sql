-- SMS to customers (issue 19). One row per message the shop writes: the idempotency key names
-- its cause (kind and subject, e.g. "order_placed:<order id>"), so one event gives one SMS
-- however often it is handled. State: queued (waiting for the job queue), sent (the provider
-- took it), delivered / failed (the provider's delivery report, or a refusal), unsent (no SMS
-- provider configured: kept for staff in the outbox, never pretended sent).
CREATE TABLE "sms_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"user_id" uuid,
	"phone" text NOT NULL,
	"body" text NOT NULL,
	"state" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"provider" text,
	"provider_message_id" text,
	"provider_status" text,
	"cost" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sms_messages_state_check" CHECK ("sms_messages"."state" in ('queued','sent','delivered','failed','unsent')),
	CONSTRAINT "sms_messages_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
ALTER TABLE "sms_messages" ADD CONSTRAINT "sms_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sms_messages_state_created_idx" ON "sms_messages" USING btree ("state","created_at");--> statement-breakpoint
CREATE INDEX "sms_messages_user_created_idx" ON "sms_messages" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sms_messages_provider_message_id_uidx" ON "sms_messages" USING btree ("provider_message_id") WHERE "provider_message_id" IS NOT NULL;--> statement-breakpoint
-- Each customer's SMS choices and the phone they proved is theirs (SMS only go there).
CREATE TABLE "sms_preferences" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"verified_phone" text,
	"phone_verified_at" timestamp with time zone,
	"order_updates" boolean DEFAULT true NOT NULL,
	"event_updates" boolean DEFAULT true NOT NULL,
	"marketing" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sms_preferences" ADD CONSTRAINT "sms_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Phone verification codes: only a hash is kept (HMAC-SHA256 with the server's secret); each
-- code expires, allows a few wrong tries, and is used once. Counted per phone for the hourly limit.
CREATE TABLE "sms_phone_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"phone" text NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sms_phone_codes" ADD CONSTRAINT "sms_phone_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sms_phone_codes_phone_created_idx" ON "sms_phone_codes" USING btree ("phone","created_at");--> statement-breakpoint
CREATE INDEX "sms_phone_codes_user_created_idx" ON "sms_phone_codes" USING btree ("user_id","created_at");

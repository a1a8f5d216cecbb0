-- The handover at the door (issue 38, decision 0026): rider accounts, a delivery's rider, the
-- handover code's attempts, the age check (only an ID's type and year of birth), the door's
-- outcome, returned bottles confirmed once, rider actions made once by their phone's id, cash
-- tendered and handed in.
ALTER TYPE "public"."user_role" ADD VALUE IF NOT EXISTS 'rider';--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "rider_id" uuid;--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "handover_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "handover_locked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "handover_verified_by" text;--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "handover_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "age_check" text;--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "id_type" text;--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "id_birth_year" integer;--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "door_outcome" text;--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "refusal_reason" text;--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "door_outcome_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "bottles_back_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_rider_id_users_id_fk" FOREIGN KEY ("rider_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_handover_attempts_check" CHECK ("deliveries"."handover_attempts" >= 0);--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_age_check_check" CHECK (("deliveries"."age_check" = 'id') = ("deliveries"."id_type" is not null and "deliveries"."id_birth_year" is not null));--> statement-breakpoint
CREATE INDEX "deliveries_rider_idx" ON "deliveries" USING btree ("rider_id","status") WHERE rider_id is not null;--> statement-breakpoint
ALTER TABLE "cash_collections" ADD COLUMN "rider_id" uuid;--> statement-breakpoint
ALTER TABLE "cash_collections" ADD COLUMN "tendered" integer;--> statement-breakpoint
ALTER TABLE "cash_collections" ADD CONSTRAINT "cash_collections_rider_id_users_id_fk" FOREIGN KEY ("rider_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cash_collections_rider_idx" ON "cash_collections" USING btree ("rider_id","collected_at") WHERE rider_id is not null;--> statement-breakpoint
CREATE TABLE "rider_actions" (
	"action_id" uuid PRIMARY KEY NOT NULL,
	"rider_id" uuid NOT NULL,
	"order_id" uuid,
	"kind" text NOT NULL,
	"result" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "rider_actions" ADD CONSTRAINT "rider_actions_rider_id_users_id_fk" FOREIGN KEY ("rider_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rider_actions" ADD CONSTRAINT "rider_actions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rider_actions_rider_idx" ON "rider_actions" USING btree ("rider_id","created_at");--> statement-breakpoint
CREATE TABLE "cash_handins" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cash_handins_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"rider_id" uuid NOT NULL,
	"day" text NOT NULL,
	"expected" integer NOT NULL,
	"amount" integer NOT NULL,
	"reason" text,
	"cashier_id" uuid,
	"cashier_name" text NOT NULL,
	"rider_confirmed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cash_handins_amount_check" CHECK ("cash_handins"."amount" >= 0 and "cash_handins"."expected" >= 0),
	CONSTRAINT "cash_handins_reason_check" CHECK ("cash_handins"."amount" = "cash_handins"."expected" or "cash_handins"."reason" is not null)
);
--> statement-breakpoint
ALTER TABLE "cash_handins" ADD CONSTRAINT "cash_handins_rider_id_users_id_fk" FOREIGN KEY ("rider_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_handins" ADD CONSTRAINT "cash_handins_cashier_id_users_id_fk" FOREIGN KEY ("cashier_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cash_handins_rider_day_idx" ON "cash_handins" USING btree ("rider_id","day");--> statement-breakpoint
CREATE INDEX "cash_handins_day_idx" ON "cash_handins" USING btree ("day");

CREATE TYPE "public"."efris_goods_state" AS ENUM('pending', 'registered', 'failed');--> statement-breakpoint
CREATE TYPE "public"."efris_stock_state" AS ENUM('pending', 'reported', 'failed');--> statement-breakpoint
CREATE TABLE "efris_category_mappings" (
	"category_id" integer PRIMARY KEY NOT NULL,
	"commodity_code" text NOT NULL,
	"unit" text NOT NULL,
	"excise_code" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by_id" uuid
);
--> statement-breakpoint
CREATE TABLE "efris_commodity_categories" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"parent_code" text,
	"level" integer DEFAULT 0 NOT NULL,
	"is_leaf" boolean DEFAULT true NOT NULL,
	"rate" text,
	"refreshed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "efris_excise_codes" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"rate_text" text DEFAULT '' NOT NULL,
	"unit" text,
	"refreshed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "efris_goods" (
	"variant_id" integer PRIMARY KEY NOT NULL,
	"goods_code" text NOT NULL,
	"commodity_code" text NOT NULL,
	"unit" text NOT NULL,
	"excise_code" text,
	"state" "efris_goods_state" DEFAULT 'pending' NOT NULL,
	"registered_commodity_code" text,
	"registered_unit" text,
	"registered_excise_code" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_until" timestamp with time zone,
	"registration_started_at" timestamp with time zone,
	"last_return_code" text,
	"last_error" text,
	"registered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "efris_stock_increases" (
	"movement_id" bigint PRIMARY KEY NOT NULL,
	"variant_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"state" "efris_stock_state" DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_until" timestamp with time zone,
	"report_started_at" timestamp with time zone,
	"stock_before" integer,
	"last_return_code" text,
	"last_error" text,
	"reported_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "efris_stock_increases_quantity_check" CHECK ("efris_stock_increases"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "efris_variant_mappings" (
	"variant_id" integer PRIMARY KEY NOT NULL,
	"commodity_code" text NOT NULL,
	"unit" text NOT NULL,
	"excise_code" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by_id" uuid
);
--> statement-breakpoint
ALTER TABLE "efris_category_mappings" ADD CONSTRAINT "efris_category_mappings_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "efris_goods" ADD CONSTRAINT "efris_goods_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "efris_stock_increases" ADD CONSTRAINT "efris_stock_increases_movement_id_stock_movements_id_fk" FOREIGN KEY ("movement_id") REFERENCES "public"."stock_movements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "efris_stock_increases" ADD CONSTRAINT "efris_stock_increases_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "efris_variant_mappings" ADD CONSTRAINT "efris_variant_mappings_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "efris_commodity_categories_name_trgm_idx" ON "efris_commodity_categories" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "efris_commodity_categories_code_pattern_idx" ON "efris_commodity_categories" USING btree ("code" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "efris_excise_codes_name_trgm_idx" ON "efris_excise_codes" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "efris_excise_codes_code_pattern_idx" ON "efris_excise_codes" USING btree ("code" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "efris_goods_state_idx" ON "efris_goods" USING btree ("state","updated_at","variant_id");--> statement-breakpoint
CREATE INDEX "efris_goods_due_idx" ON "efris_goods" USING btree ("next_attempt_at") WHERE "efris_goods"."state" = 'pending';--> statement-breakpoint
CREATE INDEX "efris_stock_increases_state_idx" ON "efris_stock_increases" USING btree ("state","created_at","movement_id");--> statement-breakpoint
CREATE INDEX "efris_stock_increases_due_idx" ON "efris_stock_increases" USING btree ("next_attempt_at") WHERE "efris_stock_increases"."state" = 'pending';--> statement-breakpoint
CREATE INDEX "efris_stock_increases_variant_idx" ON "efris_stock_increases" USING btree ("variant_id","state");
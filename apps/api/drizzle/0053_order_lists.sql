-- Recipients' lists (issue 39, decision 0036): one upload and one payment for many gift orders,
-- each a child order of the list. Payments gain the list as a subject.
ALTER TYPE "public"."payment_purpose" ADD VALUE 'order_list';--> statement-breakpoint
CREATE TABLE "order_lists" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"delivery_count" integer NOT NULL,
	"total" integer NOT NULL,
	"lpo_number" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_lists_amounts_check" CHECK ("order_lists"."delivery_count" >= 1 and "order_lists"."total" >= 0)
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "order_list_id" uuid;--> statement-breakpoint
ALTER TABLE "order_lists" ADD CONSTRAINT "order_lists_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lists" ADD CONSTRAINT "order_lists_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_lists_user_idempotency_key" ON "order_lists" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "order_lists_company_created_idx" ON "order_lists" USING btree ("company_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_order_list_id_order_lists_id_fk" FOREIGN KEY ("order_list_id") REFERENCES "public"."order_lists"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_order_list_idx" ON "orders" USING btree ("order_list_id","id") WHERE order_list_id is not null;
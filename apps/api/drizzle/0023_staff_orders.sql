-- The staff's order desk at 100,000 orders: filters that keep the newest-first order served by an
-- index, and trigram indexes so that a search by part of a number, name, phone or e-mail never
-- reads every order.
CREATE INDEX "orders_payment_status_created_idx" ON "orders" USING btree ("payment_status","created_at" DESC,"id" DESC);--> statement-breakpoint
CREATE INDEX "orders_zone_created_idx" ON "orders" USING btree ("delivery_zone_id","created_at" DESC,"id" DESC);--> statement-breakpoint
CREATE INDEX "orders_total_idx" ON "orders" USING btree ("total","id");--> statement-breakpoint
CREATE INDEX "orders_order_number_trgm_idx" ON "orders" USING gin ("order_number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_contact_name_trgm_idx" ON "orders" USING gin ("contact_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_contact_phone_trgm_idx" ON "orders" USING gin ("contact_phone" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
-- Cash on delivery: what the rider (or the counter, for a pick-up) took, recorded when the order
-- is marked delivered; once per order.
CREATE TABLE "cash_collections" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cash_collections_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" uuid NOT NULL,
	"delivery_id" integer,
	"rider_name" text,
	"rider_phone" text,
	"expected" integer NOT NULL,
	"amount" integer NOT NULL,
	"recorded_by" uuid,
	"collected_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cash_collections_amount_check" CHECK ("cash_collections"."amount" >= 0 and "cash_collections"."expected" >= 0)
);
--> statement-breakpoint
ALTER TABLE "cash_collections" ADD CONSTRAINT "cash_collections_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_collections" ADD CONSTRAINT "cash_collections_delivery_id_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."deliveries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_collections" ADD CONSTRAINT "cash_collections_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cash_collections_order_key" ON "cash_collections" USING btree ("order_id");--> statement-breakpoint
-- The cash view reads deliveries by the day they went out.
CREATE INDEX "deliveries_dispatched_idx" ON "deliveries" USING btree ("dispatched_at") WHERE dispatched_at is not null;

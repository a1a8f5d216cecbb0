-- Gifts (issue 39): the recipient of an order's delivery, the message and the day. One row per
-- order for now; the recipient's link is kept as its SHA-256 only.
CREATE TABLE "gift_recipients" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "gift_recipients_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" uuid NOT NULL,
	"recipient_name" text NOT NULL,
	"recipient_phone" text NOT NULL,
	"message" text,
	"delivery_date" date NOT NULL,
	"link_hash" text,
	"recipient_instructions" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gift_recipients_message_length_check" CHECK (char_length("gift_recipients"."message") <= 300),
	CONSTRAINT "gift_recipients_instructions_length_check" CHECK (char_length("gift_recipients"."recipient_instructions") <= 500)
);
--> statement-breakpoint
ALTER TABLE "gift_recipients" ADD CONSTRAINT "gift_recipients_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "gift_recipients_order_key" ON "gift_recipients" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "gift_recipients_link_hash_key" ON "gift_recipients" USING btree ("link_hash");

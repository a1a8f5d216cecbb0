-- Discount codes (issue 17): staff create them; checkout applies one inside its transaction.
--
-- `uses` counts the orders that hold the code now: checkout adds one under the code's row lock,
-- a cancelled order gives its use back (its redemption's `released_at`), so the limits are read
-- from one locked row and never from a count racing with other checkouts. The CHECK is the last
-- guard: the database itself refuses a use past `max_uses`.
CREATE TABLE "discount_codes" (
  "id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  -- Stored in capitals; customers may type it in any case.
  "code" text NOT NULL,
  "description" text,
  "kind" text NOT NULL,
  -- Percentage: 1 to 100; fixed: whole UGX.
  "value" integer NOT NULL,
  "minimum_order" integer DEFAULT 0 NOT NULL,
  "starts_at" timestamp with time zone,
  "ends_at" timestamp with time zone,
  "max_uses" integer,
  "max_uses_per_customer" integer,
  "uses" integer DEFAULT 0 NOT NULL,
  -- active, paused (may be resumed) or ended (for good).
  "status" text DEFAULT 'active' NOT NULL,
  "created_by" uuid REFERENCES "users"("id") ON DELETE SET NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "discount_codes_code_check" CHECK ("code" ~ '^[A-Z0-9_-]{3,32}$'),
  CONSTRAINT "discount_codes_kind_check" CHECK ("kind" IN ('percentage', 'fixed')),
  CONSTRAINT "discount_codes_value_check"
    CHECK ("value" > 0 AND ("kind" = 'fixed' OR "value" <= 100)),
  CONSTRAINT "discount_codes_minimum_check" CHECK ("minimum_order" >= 0),
  CONSTRAINT "discount_codes_period_check"
    CHECK ("starts_at" IS NULL OR "ends_at" IS NULL OR "ends_at" > "starts_at"),
  CONSTRAINT "discount_codes_limits_check"
    CHECK (("max_uses" IS NULL OR "max_uses" >= 1) AND ("max_uses_per_customer" IS NULL OR "max_uses_per_customer" >= 1)),
  CONSTRAINT "discount_codes_uses_check" CHECK ("uses" >= 0 AND ("max_uses" IS NULL OR "uses" <= "max_uses")),
  CONSTRAINT "discount_codes_status_check" CHECK ("status" IN ('active', 'paused', 'ended'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "discount_codes_code_key" ON "discount_codes" ("code");
--> statement-breakpoint
-- The staff's list: newest first, optionally by status.
CREATE INDEX "discount_codes_created_idx" ON "discount_codes" ("created_at" DESC, "id" DESC);
--> statement-breakpoint
CREATE INDEX "discount_codes_status_created_idx" ON "discount_codes" ("status", "created_at" DESC, "id" DESC);
--> statement-breakpoint
-- A code limited to categories applies to the bottles of those categories only; none: every bottle.
CREATE TABLE "discount_code_categories" (
  "code_id" integer NOT NULL REFERENCES "discount_codes"("id") ON DELETE CASCADE,
  "category_id" integer NOT NULL REFERENCES "categories"("id") ON DELETE CASCADE,
  PRIMARY KEY ("code_id", "category_id")
);
--> statement-breakpoint
CREATE INDEX "discount_code_categories_category_idx" ON "discount_code_categories" ("category_id");
--> statement-breakpoint
-- One row per order that used a code; `released_at` once a cancelled order gave its use back.
CREATE TABLE "discount_redemptions" (
  "id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  "code_id" integer NOT NULL REFERENCES "discount_codes"("id"),
  "order_id" uuid NOT NULL REFERENCES "orders"("id") ON DELETE CASCADE,
  "user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "amount" integer NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "released_at" timestamp with time zone,
  CONSTRAINT "discount_redemptions_amount_check" CHECK ("amount" > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "discount_redemptions_order_key" ON "discount_redemptions" ("order_id");
--> statement-breakpoint
-- A customer's uses of a code that still count (the per-customer limit).
CREATE INDEX "discount_redemptions_code_user_idx" ON "discount_redemptions" ("code_id", "user_id")
  WHERE "released_at" IS NULL;
--> statement-breakpoint
-- The order keeps the code as typed and its discount (a snapshot: changing or ending the code later
-- changes no order). total = subtotal + delivery_fee - discount.
ALTER TABLE "orders" ADD COLUMN "discount" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "discount_code" text;
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_amounts_check";
--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_amounts_check" CHECK (
  "subtotal" >= 0 AND "delivery_fee" >= 0 AND "discount" >= 0 AND "discount" <= "subtotal"
  AND "total" = "subtotal" + "delivery_fee" - "discount");
--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "discount" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "invoices" DROP CONSTRAINT "invoices_amounts_check";
--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_amounts_check" CHECK (
  "discount" >= 0 AND "discount" <= "subtotal" AND "total" = "subtotal" + "delivery_fee" - "discount");

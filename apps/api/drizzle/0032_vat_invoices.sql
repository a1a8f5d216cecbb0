-- VAT invoices (issue 19).
--
-- A shop registered for VAT (its TIN in the shop settings) issues tax invoices: each invoice
-- keeps the shop's TIN and whether prices included VAT as they were when it was issued, and the
-- VAT total worked out per line (a later change of settings never rewrites an issued invoice).
-- When prices exclude VAT, checkout adds the VAT on top: `vat_added` is part of the total.
-- A business customer may ask for the invoice in its name: its name and TIN are kept on the order.
ALTER TABLE "orders" ADD COLUMN "vat_added" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "vat_business_name" text;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "vat_business_tin" text;
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_amounts_check";
--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_amounts_check" CHECK ("orders"."subtotal" >= 0 and "orders"."delivery_fee" >= 0 and "orders"."discount" >= 0 and "orders"."discount" <= "orders"."subtotal" and "orders"."vat_added" >= 0 and "orders"."total" = "orders"."subtotal" + "orders"."delivery_fee" - "orders"."discount" + "orders"."vat_added");
--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_vat_business_check" CHECK (("orders"."vat_business_name" is null) = ("orders"."vat_business_tin" is null));
--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "vat_added" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "shop_tin" text;
--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "prices_include_vat" boolean DEFAULT true NOT NULL;
--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "vat_total" integer;
--> statement-breakpoint
ALTER TABLE "invoices" DROP CONSTRAINT "invoices_amounts_check";
--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_amounts_check" CHECK ("invoices"."discount" >= 0 and "invoices"."discount" <= "invoices"."subtotal" and "invoices"."vat_added" >= 0 and "invoices"."total" = "invoices"."subtotal" + "invoices"."delivery_fee" - "invoices"."discount" + "invoices"."vat_added");
--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_vat_check" CHECK (("invoices"."shop_tin" is null) = ("invoices"."vat_total" is null) and ("invoices"."shop_tin" is not null or "invoices"."vat_added" = 0));

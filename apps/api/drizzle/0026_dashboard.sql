-- The day's figures at 100,000 orders. Orders paid in a range are read from one covering index
-- (only paid orders, with the columns the figures group by: an index-only scan); succeeded
-- refunds by settle time are indexed by 0025; the pending work is found without reading every
-- payment.
CREATE INDEX "orders_paid_idx" ON "orders" USING btree ("paid_at") INCLUDE ("payment_method","fulfilment","delivery_zone_name","total") WHERE paid_at is not null;--> statement-breakpoint
-- The top products: each paid order's lines by an index-only scan.
CREATE INDEX "order_items_order_products_idx" ON "order_items" USING btree ("order_id") INCLUDE ("product_id","quantity","subtotal");--> statement-breakpoint
CREATE INDEX "payment_transactions_pending_created_idx" ON "payment_transactions" USING btree ("created_at") WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "payment_transactions_refund_due_idx" ON "payment_transactions" USING btree ("created_at") WHERE status = 'successful' and refund_due;--> statement-breakpoint
-- The staff's order desk sorts newest first as every other orders index does (DESC NULLS LAST):
-- 0023 wrote these two with NULLS FIRST, so a filtered page could not be read from them in order.
DROP INDEX "orders_payment_status_created_idx";--> statement-breakpoint
CREATE INDEX "orders_payment_status_created_idx" ON "orders" USING btree ("payment_status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
DROP INDEX "orders_zone_created_idx";--> statement-breakpoint
CREATE INDEX "orders_zone_created_idx" ON "orders" USING btree ("delivery_zone_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
-- The accountant's invoice export reads invoices in the order they were issued (keyset).
CREATE INDEX "invoices_issued_idx" ON "invoices" USING btree ("issued_at","id");

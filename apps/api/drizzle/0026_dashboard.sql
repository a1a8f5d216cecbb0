-- The day's figures at 100,000 orders: each range the dashboard sums is read through an index
-- of only the rows it counts (payments that gave value, cash orders paid, refunds that
-- succeeded: 0025 indexes those), and the pending work is found without reading every payment.
CREATE INDEX "payment_transactions_paid_idx" ON "payment_transactions" USING btree ("paid_at") WHERE purpose = 'order' and status = 'successful' and not refund_due;--> statement-breakpoint
CREATE INDEX "payment_transactions_pending_created_idx" ON "payment_transactions" USING btree ("created_at") WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "payment_transactions_refund_due_idx" ON "payment_transactions" USING btree ("created_at") WHERE status = 'successful' and refund_due;--> statement-breakpoint
CREATE INDEX "orders_cash_paid_idx" ON "orders" USING btree ("paid_at") WHERE payment_method = 'cash_on_delivery' and paid_at is not null;--> statement-breakpoint
-- The accountant's invoice export reads invoices in the order they were issued (keyset).
CREATE INDEX "invoices_issued_idx" ON "invoices" USING btree ("issued_at","id");

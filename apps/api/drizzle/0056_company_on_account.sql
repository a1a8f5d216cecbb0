-- Paying on account (issue 39, decision 0042): staff give an approved company a credit limit and
-- payment terms; its buyers' orders may then be invoiced on account with a due date; staff record
-- the payments received against those invoices; each overdue reminder is sent once per interval.
ALTER TYPE "public"."order_payment_method" ADD VALUE 'on_account';--> statement-breakpoint
CREATE TYPE "public"."company_payment_method" AS ENUM('bank_transfer', 'cheque', 'cash', 'mobile_money');--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "credit_limit" integer;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "payment_terms_days" integer;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_on_account_check" CHECK (("companies"."credit_limit" is null) = ("companies"."payment_terms_days" is null) and ("companies"."credit_limit" is null or "companies"."credit_limit" >= 0) and ("companies"."payment_terms_days" is null or "companies"."payment_terms_days" between 1 and 120));--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "due_at" timestamp with time zone;--> statement-breakpoint
CREATE TABLE "company_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"invoice_id" integer NOT NULL,
	"amount" integer NOT NULL,
	"received_on" date NOT NULL,
	"method" "company_payment_method" NOT NULL,
	"reference" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"recorded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_payments_amount_check" CHECK ("company_payments"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "company_invoice_reminders" (
	"invoice_id" integer NOT NULL,
	"reminder_number" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "company_invoice_reminders_invoice_id_reminder_number_pk" PRIMARY KEY("invoice_id","reminder_number")
);
--> statement-breakpoint
ALTER TABLE "company_payments" ADD CONSTRAINT "company_payments_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_payments" ADD CONSTRAINT "company_payments_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_payments" ADD CONSTRAINT "company_payments_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_invoice_reminders" ADD CONSTRAINT "company_invoice_reminders_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "company_payments_company_idempotency_key" ON "company_payments" USING btree ("company_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "company_payments_invoice_idx" ON "company_payments" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "company_payments_company_received_idx" ON "company_payments" USING btree ("company_id","received_on" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "invoices_due_idx" ON "invoices" USING btree ("due_at") WHERE due_at is not null and paid_at is null and voided_at is null;

-- Back office III, people (issue 18): customers and staff accounts.
--
-- An admin may disable an account (with a reason): its sessions are deleted in the same
-- transaction (the sessions trigger of 0015 tells every instance), and sign-in is refused while
-- disabled_at is set. Orders and everything else stay.
ALTER TABLE "users" ADD COLUMN "disabled_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "disabled_reason" text;
--> statement-breakpoint
-- Accounts made with a one-time password (`npm run admin -- create`) must choose their own at
-- their first sign-in: until then the API refuses everything else (403 password_change_required).
ALTER TABLE "users" ADD COLUMN "must_change_password" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
-- The back office's customer list, newest first, without the anonymous visitors (most rows).
CREATE INDEX "users_people_created_idx" ON "users" ("created_at" DESC, "id" DESC) WHERE NOT "is_anonymous";
--> statement-breakpoint
-- Search by part of a name or a phone number (the e-mail has users_email_trgm_idx since 0023).
CREATE INDEX "users_name_trgm_idx" ON "users" USING gin ("name" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "users_phone_trgm_idx" ON "users" USING gin ("phone" gin_trgm_ops);
--> statement-breakpoint
-- The staff list: the few staff and admin accounts.
CREATE INDEX "users_staff_role_idx" ON "users" ("role", "name") WHERE "role" <> 'customer';

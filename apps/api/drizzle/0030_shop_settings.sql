-- The shop's settings (contact details, opening hours, free-delivery threshold, minimum age,
-- delivery hours and windows, VAT registration, review policy), changed by admins at
-- /admin/settings. One row (id 1), versioned: a save names the version it was loaded at, and a
-- stale one is refused. No row means the defaults of @shop/contract/settings; the stored JSON is
-- read over those defaults, so a setting added later starts at its default. Every write NOTIFYs
-- settings_changed: each instance drops its cached copy at once.
CREATE TABLE "shop_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"settings" jsonb NOT NULL,
	"version" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by_id" uuid,
	"updated_by_name" text,
	CONSTRAINT "shop_settings_single_row" CHECK ("shop_settings"."id" = 1),
	CONSTRAINT "shop_settings_version_positive" CHECK ("shop_settings"."version" > 0)
);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION shop_settings_notify_changed() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  PERFORM pg_notify('settings_changed', TG_OP);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER shop_settings_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON shop_settings
FOR EACH STATEMENT EXECUTE FUNCTION shop_settings_notify_changed();

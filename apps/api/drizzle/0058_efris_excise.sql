ALTER TABLE "efris_commodity_categories" ADD COLUMN "excisable" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "efris_excise_codes" ADD COLUMN "rates" jsonb DEFAULT '[]'::jsonb NOT NULL;

ALTER TABLE "catalog_import_rows" ADD COLUMN "changes" jsonb DEFAULT '[]'::jsonb NOT NULL;

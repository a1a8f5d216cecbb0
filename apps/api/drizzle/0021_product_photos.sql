-- Product photos uploaded by staff (issue 16), kept in the database so that every API instance
-- serves every picture and backups include them (docs/decisions/0014-product-photos-in-the-database.md).
-- An upload is normalised into a set of files (a few widths × AVIF, WebP, JPEG) named by the
-- content hash of the upload: `media_sets` says what the set holds, `media_files` the bytes.
-- A set is immutable; it is removed with the last product image that uses it.
CREATE TABLE "media_sets" (
  "hash" text PRIMARY KEY,
  "width" integer NOT NULL,
  "height" integer NOT NULL,
  "widths" integer[] NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "media_sets_hash_check" CHECK ("hash" ~ '^[0-9a-f]{32}$'),
  CONSTRAINT "media_sets_size_check" CHECK ("width" > 0 AND "height" > 0)
);
--> statement-breakpoint
CREATE TABLE "media_files" (
  "hash" text NOT NULL REFERENCES "media_sets"("hash") ON DELETE CASCADE,
  "width" integer NOT NULL,
  "format" text NOT NULL,
  "height" integer NOT NULL,
  "content_type" text NOT NULL,
  "byte_size" integer NOT NULL,
  "bytes" bytea NOT NULL,
  CONSTRAINT "media_files_pkey" PRIMARY KEY ("hash", "width", "format"),
  CONSTRAINT "media_files_format_check" CHECK ("format" IN ('avif', 'webp', 'jpg'))
);
--> statement-breakpoint
-- Already compressed: PostgreSQL need not try again (TOAST compression).
ALTER TABLE "media_files" ALTER COLUMN "bytes" SET STORAGE EXTERNAL;
--> statement-breakpoint
-- A product image that is an uploaded photo names its set; its size is copied here (a set never
-- changes) so that product lists build `srcset` without another join.
ALTER TABLE "product_images"
  ADD COLUMN "media_hash" text REFERENCES "media_sets"("hash"),
  ADD COLUMN "width" integer,
  ADD COLUMN "height" integer,
  ADD COLUMN "widths" integer[],
  ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;
--> statement-breakpoint
CREATE INDEX "product_images_media_idx" ON "product_images" ("media_hash") WHERE "media_hash" IS NOT NULL;

-- Proof of delivery (issue 38, decision 0031): the rider's photo at the door (one JPEG, metadata
-- stripped) and the phone's position when the rider allowed it, once per delivery; deleted by the
-- retention job after the shop's delivery_proofs period.
CREATE TABLE "delivery_proofs" (
	"delivery_id" integer PRIMARY KEY NOT NULL,
	"photo" "bytea",
	"photo_width" integer,
	"photo_height" integer,
	"latitude" double precision,
	"longitude" double precision,
	"accuracy_m" integer,
	"taken_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "delivery_proofs_position_check" CHECK (("delivery_proofs"."latitude" is null) = ("delivery_proofs"."longitude" is null)),
	CONSTRAINT "delivery_proofs_something_check" CHECK ("delivery_proofs"."photo" is not null or "delivery_proofs"."latitude" is not null)
);
--> statement-breakpoint
-- The JPEG is already compressed: kept out of line without trying to compress it again.
ALTER TABLE "delivery_proofs" ALTER COLUMN "photo" SET STORAGE EXTERNAL;--> statement-breakpoint
ALTER TABLE "delivery_proofs" ADD CONSTRAINT "delivery_proofs_delivery_id_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."deliveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "delivery_proofs_taken_idx" ON "delivery_proofs" USING btree ("taken_at");

CREATE TABLE "part_warranties" (
	"part_id" integer NOT NULL,
	"warranty_id" integer NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	CONSTRAINT "part_warranties_part_id_warranty_id_pk" PRIMARY KEY("part_id","warranty_id")
);
--> statement-breakpoint
ALTER TABLE "parts" ADD COLUMN "package_type" text;--> statement-breakpoint
ALTER TABLE "part_warranties" ADD CONSTRAINT "part_warranties_part_id_parts_id_fk" FOREIGN KEY ("part_id") REFERENCES "public"."parts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "part_warranties" ADD CONSTRAINT "part_warranties_warranty_id_warranties_id_fk" FOREIGN KEY ("warranty_id") REFERENCES "public"."warranties"("id") ON DELETE no action ON UPDATE no action;
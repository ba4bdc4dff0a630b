CREATE TABLE "part_photo_files" (
	"image_id" integer NOT NULL,
	"size" text NOT NULL,
	"format" text NOT NULL,
	"data" "bytea" NOT NULL,
	CONSTRAINT "part_photo_files_image_id_size_format_pk" PRIMARY KEY("image_id","size","format")
);
--> statement-breakpoint
ALTER TABLE "part_photo_files" ADD CONSTRAINT "part_photo_files_image_id_part_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."part_images"("id") ON DELETE cascade ON UPDATE no action;
CREATE TABLE "category_part_counts" (
	"category_id" integer NOT NULL,
	"status" text NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "category_part_counts_category_id_status_pk" PRIMARY KEY("category_id","status")
);

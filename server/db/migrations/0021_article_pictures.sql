CREATE TABLE "article_pictures" (
	"article_id" integer PRIMARY KEY NOT NULL,
	"version" text NOT NULL,
	"big" "bytea" NOT NULL,
	"small" "bytea" NOT NULL,
	"grid" "bytea" NOT NULL,
	"uploaded_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "articles" ALTER COLUMN "public_date" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "article_pictures" ADD CONSTRAINT "article_pictures_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;
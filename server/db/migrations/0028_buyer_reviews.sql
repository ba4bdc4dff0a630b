CREATE TABLE "buyer_reviews" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_product_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"part_id" integer NOT NULL,
	"part_type_id" integer,
	"rate" smallint NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reject_reason" text,
	"moderated_at" timestamp with time zone,
	"moderated_by" integer,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "buyer_reviews_order_product_id_unique" UNIQUE("order_product_id"),
	CONSTRAINT "buyer_reviews_rate_check" CHECK ("buyer_reviews"."rate" BETWEEN 1 AND 5)
);
--> statement-breakpoint
CREATE TABLE "review_invitations" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"sent_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "buyer_reviews" ADD CONSTRAINT "buyer_reviews_order_product_id_order_products_id_fk" FOREIGN KEY ("order_product_id") REFERENCES "public"."order_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "buyer_reviews" ADD CONSTRAINT "buyer_reviews_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "buyer_reviews" ADD CONSTRAINT "buyer_reviews_moderated_by_staff_id_fk" FOREIGN KEY ("moderated_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_invitations" ADD CONSTRAINT "review_invitations_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "buyer_reviews_status_idx" ON "buyer_reviews" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "buyer_reviews_part_type_idx" ON "buyer_reviews" USING btree ("part_type_id","status","created_at");
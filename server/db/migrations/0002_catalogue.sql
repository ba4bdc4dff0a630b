CREATE TABLE "attribute_groups" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "attribute_values" (
	"id" integer PRIMARY KEY NOT NULL,
	"group_id" integer NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "badges" (
	"id" integer PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "badges_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" integer PRIMARY KEY NOT NULL,
	"parent_id" integer,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"icon" text NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "categories_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "category_info" (
	"id" serial PRIMARY KEY NOT NULL,
	"make_id" integer,
	"model_id" integer,
	"part_type_id" integer,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "category_part_types" (
	"category_id" integer NOT NULL,
	"part_type_id" integer NOT NULL,
	CONSTRAINT "category_part_types_category_id_part_type_id_pk" PRIMARY KEY("category_id","part_type_id")
);
--> statement-breakpoint
CREATE TABLE "content_pages" (
	"slug" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fitments" (
	"id" serial PRIMARY KEY NOT NULL,
	"part_id" integer NOT NULL,
	"part_type_id" integer NOT NULL,
	"model_id" integer NOT NULL,
	"year_from" smallint NOT NULL,
	"year_to" smallint NOT NULL,
	"engine_code" text,
	"level" smallint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gradings" (
	"level" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"bg_color" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "makes" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	CONSTRAINT "makes_name_unique" UNIQUE("name"),
	CONSTRAINT "makes_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "manufacturers" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"image" text NOT NULL,
	"content" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "models" (
	"id" integer PRIMARY KEY NOT NULL,
	"make_id" integer NOT NULL,
	"name" text NOT NULL,
	"generation" text,
	"slug" text NOT NULL,
	"year_from" smallint NOT NULL,
	"year_to" smallint
);
--> statement-breakpoint
CREATE TABLE "part_attribute_values" (
	"part_id" integer NOT NULL,
	"value_id" integer NOT NULL,
	CONSTRAINT "part_attribute_values_value_id_part_id_pk" PRIMARY KEY("value_id","part_id")
);
--> statement-breakpoint
CREATE TABLE "part_badges" (
	"part_id" integer NOT NULL,
	"badge_id" integer NOT NULL,
	CONSTRAINT "part_badges_badge_id_part_id_pk" PRIMARY KEY("badge_id","part_id")
);
--> statement-breakpoint
CREATE TABLE "part_images" (
	"id" serial PRIMARY KEY NOT NULL,
	"part_id" integer NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL,
	"drawing_seed" integer NOT NULL,
	"alt" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "part_type_warranties" (
	"part_type_id" integer NOT NULL,
	"warranty_id" integer NOT NULL,
	CONSTRAINT "part_type_warranties_part_type_id_warranty_id_pk" PRIMARY KEY("part_type_id","warranty_id")
);
--> statement-breakpoint
CREATE TABLE "parts" (
	"id" serial PRIMARY KEY NOT NULL,
	"tag" text NOT NULL,
	"stock_number" text NOT NULL,
	"part_type_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	"make_id" integer NOT NULL,
	"model_id" integer NOT NULL,
	"year" smallint NOT NULL,
	"engine_code" text DEFAULT '' NOT NULL,
	"part_name" text NOT NULL,
	"description" text NOT NULL,
	"oem" text NOT NULL,
	"oem_normalised" text NOT NULL,
	"grade" text NOT NULL,
	"price_net" integer NOT NULL,
	"price_old_net" integer,
	"rrp_net" integer,
	"stock_quantity" integer DEFAULT 1 NOT NULL,
	"status" text DEFAULT 'available' NOT NULL,
	"additional_info" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"co2_saved_kg" numeric,
	"likely_match_note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "parts_tag_unique" UNIQUE("tag")
);
--> statement-breakpoint
CREATE TABLE "price_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"part_id" integer,
	"vehicle_product_id" integer,
	"price_net" integer NOT NULL,
	"valid_from" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "registrations" (
	"vrn" text PRIMARY KEY NOT NULL,
	"make_id" integer NOT NULL,
	"model_id" integer,
	"year" smallint NOT NULL,
	"style" text NOT NULL,
	"transmission" text NOT NULL,
	"gears" smallint,
	"engine_code" text NOT NULL,
	"image_url" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" serial PRIMARY KEY NOT NULL,
	"part_id" integer,
	"vehicle_product_id" integer,
	"rate" smallint NOT NULL,
	"name" text NOT NULL,
	"content" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "searches" (
	"id" serial PRIMARY KEY NOT NULL,
	"mode" text NOT NULL,
	"vrn" text,
	"oem" text,
	"make_id" integer,
	"model_id" integer,
	"year" smallint,
	"engine_code" text,
	"part_type_id" integer,
	"result_count" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vehicle_product_images" (
	"id" serial PRIMARY KEY NOT NULL,
	"vehicle_product_id" integer NOT NULL,
	"drawing_seed" integer NOT NULL,
	"is_banner" boolean DEFAULT false NOT NULL,
	"title" text NOT NULL,
	"alt" text NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vehicle_product_tabs" (
	"id" serial PRIMARY KEY NOT NULL,
	"vehicle_product_id" integer NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vehicle_products" (
	"id" serial PRIMARY KEY NOT NULL,
	"parent_id" integer,
	"slug" text NOT NULL,
	"name" text,
	"sku" text,
	"price" integer,
	"price_old" integer,
	"summary" text,
	"stock_quantity" integer,
	"weight_kg" numeric,
	"description" text,
	"distributor_url" text,
	"vehicle_background" text,
	"length_cm" numeric,
	"width_cm" numeric,
	"height_cm" numeric,
	"manufacturer_id" integer,
	"make_id" integer,
	"model_id" integer,
	"year" smallint,
	"selector_values" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vehicle_products_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "warranties" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"value" integer NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"days" integer NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "attribute_values" ADD CONSTRAINT "attribute_values_group_id_attribute_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."attribute_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "category_part_types" ADD CONSTRAINT "category_part_types_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "category_part_types" ADD CONSTRAINT "category_part_types_part_type_id_part_types_id_fk" FOREIGN KEY ("part_type_id") REFERENCES "public"."part_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fitments" ADD CONSTRAINT "fitments_part_id_parts_id_fk" FOREIGN KEY ("part_id") REFERENCES "public"."parts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fitments" ADD CONSTRAINT "fitments_model_id_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."models"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "models" ADD CONSTRAINT "models_make_id_makes_id_fk" FOREIGN KEY ("make_id") REFERENCES "public"."makes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "part_attribute_values" ADD CONSTRAINT "part_attribute_values_part_id_parts_id_fk" FOREIGN KEY ("part_id") REFERENCES "public"."parts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "part_attribute_values" ADD CONSTRAINT "part_attribute_values_value_id_attribute_values_id_fk" FOREIGN KEY ("value_id") REFERENCES "public"."attribute_values"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "part_badges" ADD CONSTRAINT "part_badges_part_id_parts_id_fk" FOREIGN KEY ("part_id") REFERENCES "public"."parts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "part_badges" ADD CONSTRAINT "part_badges_badge_id_badges_id_fk" FOREIGN KEY ("badge_id") REFERENCES "public"."badges"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "part_images" ADD CONSTRAINT "part_images_part_id_parts_id_fk" FOREIGN KEY ("part_id") REFERENCES "public"."parts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "part_type_warranties" ADD CONSTRAINT "part_type_warranties_part_type_id_part_types_id_fk" FOREIGN KEY ("part_type_id") REFERENCES "public"."part_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "part_type_warranties" ADD CONSTRAINT "part_type_warranties_warranty_id_warranties_id_fk" FOREIGN KEY ("warranty_id") REFERENCES "public"."warranties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parts" ADD CONSTRAINT "parts_part_type_id_part_types_id_fk" FOREIGN KEY ("part_type_id") REFERENCES "public"."part_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parts" ADD CONSTRAINT "parts_make_id_makes_id_fk" FOREIGN KEY ("make_id") REFERENCES "public"."makes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parts" ADD CONSTRAINT "parts_model_id_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."models"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_history" ADD CONSTRAINT "price_history_part_id_parts_id_fk" FOREIGN KEY ("part_id") REFERENCES "public"."parts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_make_id_makes_id_fk" FOREIGN KEY ("make_id") REFERENCES "public"."makes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_model_id_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."models"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_part_id_parts_id_fk" FOREIGN KEY ("part_id") REFERENCES "public"."parts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_product_images" ADD CONSTRAINT "vehicle_product_images_vehicle_product_id_vehicle_products_id_fk" FOREIGN KEY ("vehicle_product_id") REFERENCES "public"."vehicle_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_product_tabs" ADD CONSTRAINT "vehicle_product_tabs_vehicle_product_id_vehicle_products_id_fk" FOREIGN KEY ("vehicle_product_id") REFERENCES "public"."vehicle_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_products" ADD CONSTRAINT "vehicle_products_manufacturer_id_manufacturers_id_fk" FOREIGN KEY ("manufacturer_id") REFERENCES "public"."manufacturers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_products" ADD CONSTRAINT "vehicle_products_make_id_makes_id_fk" FOREIGN KEY ("make_id") REFERENCES "public"."makes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_products" ADD CONSTRAINT "vehicle_products_model_id_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."models"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "category_info_lookup_idx" ON "category_info" USING btree ("make_id","model_id","part_type_id");--> statement-breakpoint
CREATE INDEX "fitments_lookup_idx" ON "fitments" USING btree ("model_id","part_type_id","year_from","year_to");--> statement-breakpoint
CREATE INDEX "fitments_part_idx" ON "fitments" USING btree ("part_id");--> statement-breakpoint
CREATE INDEX "models_make_idx" ON "models" USING btree ("make_id","name");--> statement-breakpoint
CREATE INDEX "part_attribute_values_part_idx" ON "part_attribute_values" USING btree ("part_id");--> statement-breakpoint
CREATE INDEX "part_badges_part_idx" ON "part_badges" USING btree ("part_id");--> statement-breakpoint
CREATE INDEX "part_images_part_idx" ON "part_images" USING btree ("part_id","position");--> statement-breakpoint
CREATE INDEX "parts_oem_prefix_idx" ON "parts" USING btree ("oem_normalised" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "parts_type_vehicle_idx" ON "parts" USING btree ("part_type_id","make_id","model_id","year");--> statement-breakpoint
CREATE INDEX "parts_category_listing_idx" ON "parts" USING btree ("category_id","status","id");--> statement-breakpoint
CREATE INDEX "parts_status_created_idx" ON "parts" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "price_history_part_idx" ON "price_history" USING btree ("part_id","valid_from");--> statement-breakpoint
CREATE INDEX "price_history_vehicle_idx" ON "price_history" USING btree ("vehicle_product_id","valid_from");--> statement-breakpoint
CREATE INDEX "reviews_part_idx" ON "reviews" USING btree ("part_id","created_at");--> statement-breakpoint
CREATE INDEX "reviews_vehicle_idx" ON "reviews" USING btree ("vehicle_product_id","created_at");--> statement-breakpoint
CREATE INDEX "vehicle_products_parent_idx" ON "vehicle_products" USING btree ("parent_id");
CREATE TABLE "addresses" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"address_type" text DEFAULT 'BOTH' NOT NULL,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"company_name" text DEFAULT '' NOT NULL,
	"vat_no" text DEFAULT '' NOT NULL,
	"postcode" text NOT NULL,
	"address1" text NOT NULL,
	"address2" text DEFAULT '' NOT NULL,
	"address3" text DEFAULT '' NOT NULL,
	"city" text NOT NULL,
	"county" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"country_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "addresses_type_check" CHECK ("addresses"."address_type" IN ('BILLING', 'DELIVERY', 'BOTH'))
);
--> statement-breakpoint
CREATE TABLE "cart_products" (
	"id" serial PRIMARY KEY NOT NULL,
	"cart_id" integer NOT NULL,
	"tag" text NOT NULL,
	"warranty_id" integer,
	"quantity" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cart_products_quantity_check" CHECK ("cart_products"."quantity" = 1)
);
--> statement-breakpoint
CREATE TABLE "carts" (
	"id" serial PRIMARY KEY NOT NULL,
	"session_id" text NOT NULL,
	"member_id" integer,
	"status" text DEFAULT 'open' NOT NULL,
	"region_id" integer,
	"region_postcode" text DEFAULT '' NOT NULL,
	"delivery_id" integer,
	"discount_code_id" integer,
	"payment_type_id" smallint,
	"billing_address_id" integer,
	"delivery_address_id" integer,
	"same_shipping_address" boolean DEFAULT true NOT NULL,
	"comments_delivery" text DEFAULT '' NOT NULL,
	"order_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "carts_status_check" CHECK ("carts"."status" IN ('open', 'ordered', 'merged'))
);
--> statement-breakpoint
CREATE TABLE "countries" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"iso2" text NOT NULL,
	CONSTRAINT "countries_iso2_unique" UNIQUE("iso2")
);
--> statement-breakpoint
CREATE TABLE "deliveries" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"postcodes" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "deliveries_type_check" CHECK ("deliveries"."type" IN ('custom', 'courier', 'personal_pickup'))
);
--> statement-breakpoint
CREATE TABLE "delivery_prices" (
	"id" serial PRIMARY KEY NOT NULL,
	"delivery_id" integer NOT NULL,
	"region_id" integer NOT NULL,
	"package_type" text NOT NULL,
	"price" integer NOT NULL,
	CONSTRAINT "delivery_prices_price_check" CHECK ("delivery_prices"."price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "discount_code_usages" (
	"id" serial PRIMARY KEY NOT NULL,
	"discount_code_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discount_code_usages_order_id_unique" UNIQUE("order_id")
);
--> statement-breakpoint
CREATE TABLE "discount_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"display_name" text NOT NULL,
	"kind" text NOT NULL,
	"value" numeric(10, 2) NOT NULL,
	"valid_from" timestamp with time zone,
	"valid_to" timestamp with time zone,
	"usage_limit" integer,
	"minimum_basket" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discount_codes_code_unique" UNIQUE("code"),
	CONSTRAINT "discount_codes_kind_check" CHECK ("discount_codes"."kind" IN ('PERCENT', 'AMOUNT'))
);
--> statement-breakpoint
CREATE TABLE "discount_thresholds" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"color" text NOT NULL,
	"icon" text NOT NULL,
	"discount" numeric(5, 2) NOT NULL,
	"amount_from" integer NOT NULL,
	"amount_to" integer
);
--> statement-breakpoint
CREATE TABLE "member_profiles" (
	"member_id" integer PRIMARY KEY NOT NULL,
	"mobile" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"work" text DEFAULT '' NOT NULL,
	"company_name" text DEFAULT '' NOT NULL,
	"vat_no" text DEFAULT '' NOT NULL,
	"questionnaire" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "members" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"password_hash" text,
	"type" text DEFAULT 'PRIVATE' NOT NULL,
	"is_guest" boolean DEFAULT false NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"newsletter" boolean DEFAULT false NOT NULL,
	"same_shipping_address" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_login_at" timestamp with time zone,
	CONSTRAINT "members_type_check" CHECK ("members"."type" IN ('PRIVATE', 'COMPANY'))
);
--> statement-breakpoint
CREATE TABLE "order_products" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"part_id" integer NOT NULL,
	"tag" text NOT NULL,
	"name" text NOT NULL,
	"image" text DEFAULT '' NOT NULL,
	"quantity" integer NOT NULL,
	"net_price" integer NOT NULL,
	"gross_price" integer NOT NULL,
	"warranty_id" integer,
	"warranty_name" text NOT NULL,
	"warranty_price" integer NOT NULL,
	"warranty_gross_price" integer NOT NULL,
	"value" integer NOT NULL,
	"gross_value" integer NOT NULL,
	"tax_percentage" smallint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"number" text NOT NULL,
	"hash" text NOT NULL,
	"status_id" smallint DEFAULT 1 NOT NULL,
	"cart_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"session_id" text NOT NULL,
	"email" text NOT NULL,
	"sub_total" integer NOT NULL,
	"gross_sub_total" integer NOT NULL,
	"amount_discount_threshold" integer NOT NULL,
	"delivery_value" integer NOT NULL,
	"commission_value" integer NOT NULL,
	"tax_value" integer NOT NULL,
	"total_value" integer NOT NULL,
	"discount_code_id" integer,
	"discount_code_name" text,
	"discount_code_amount" integer DEFAULT 0 NOT NULL,
	"to_pay" integer NOT NULL,
	"region_id" integer NOT NULL,
	"region_name" text NOT NULL,
	"region_postcode" text NOT NULL,
	"delivery_id" integer NOT NULL,
	"delivery_name" text NOT NULL,
	"package_type" text NOT NULL,
	"payment_type_id" smallint,
	"billing_address" jsonb NOT NULL,
	"delivery_address" jsonb NOT NULL,
	"comments_delivery" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"hold_expires_at" timestamp with time zone NOT NULL,
	"hold_released_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	CONSTRAINT "orders_number_unique" UNIQUE("number"),
	CONSTRAINT "orders_hash_unique" UNIQUE("hash"),
	CONSTRAINT "orders_cart_id_unique" UNIQUE("cart_id"),
	CONSTRAINT "orders_to_pay_check" CHECK ("orders"."to_pay" >= 0)
);
--> statement-breakpoint
CREATE TABLE "region_groups" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "regions" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"country_id" integer NOT NULL,
	"region_group_id" integer NOT NULL,
	"postcodes" text DEFAULT '' NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "addresses" ADD CONSTRAINT "addresses_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "addresses" ADD CONSTRAINT "addresses_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_products" ADD CONSTRAINT "cart_products_cart_id_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."carts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carts" ADD CONSTRAINT "carts_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carts" ADD CONSTRAINT "carts_region_id_regions_id_fk" FOREIGN KEY ("region_id") REFERENCES "public"."regions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carts" ADD CONSTRAINT "carts_delivery_id_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."deliveries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carts" ADD CONSTRAINT "carts_discount_code_id_discount_codes_id_fk" FOREIGN KEY ("discount_code_id") REFERENCES "public"."discount_codes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carts" ADD CONSTRAINT "carts_billing_address_id_addresses_id_fk" FOREIGN KEY ("billing_address_id") REFERENCES "public"."addresses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carts" ADD CONSTRAINT "carts_delivery_address_id_addresses_id_fk" FOREIGN KEY ("delivery_address_id") REFERENCES "public"."addresses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_prices" ADD CONSTRAINT "delivery_prices_delivery_id_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."deliveries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_prices" ADD CONSTRAINT "delivery_prices_region_id_regions_id_fk" FOREIGN KEY ("region_id") REFERENCES "public"."regions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_code_usages" ADD CONSTRAINT "discount_code_usages_discount_code_id_discount_codes_id_fk" FOREIGN KEY ("discount_code_id") REFERENCES "public"."discount_codes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_code_usages" ADD CONSTRAINT "discount_code_usages_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_profiles" ADD CONSTRAINT "member_profiles_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_products" ADD CONSTRAINT "order_products_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_cart_id_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."carts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_discount_code_id_discount_codes_id_fk" FOREIGN KEY ("discount_code_id") REFERENCES "public"."discount_codes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "regions" ADD CONSTRAINT "regions_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "regions" ADD CONSTRAINT "regions_region_group_id_region_groups_id_fk" FOREIGN KEY ("region_group_id") REFERENCES "public"."region_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "addresses_member_idx" ON "addresses" USING btree ("member_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "cart_products_part_key" ON "cart_products" USING btree ("cart_id","tag");--> statement-breakpoint
CREATE INDEX "cart_products_tag_idx" ON "cart_products" USING btree ("tag");--> statement-breakpoint
CREATE UNIQUE INDEX "carts_open_session_key" ON "carts" USING btree ("session_id") WHERE "carts"."status" = 'open';--> statement-breakpoint
CREATE UNIQUE INDEX "carts_open_member_key" ON "carts" USING btree ("member_id") WHERE "carts"."status" = 'open';--> statement-breakpoint
CREATE INDEX "carts_session_idx" ON "carts" USING btree ("session_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "delivery_prices_key" ON "delivery_prices" USING btree ("delivery_id","region_id","package_type");--> statement-breakpoint
CREATE INDEX "delivery_prices_package_idx" ON "delivery_prices" USING btree ("package_type","region_id");--> statement-breakpoint
CREATE INDEX "discount_code_usages_code_idx" ON "discount_code_usages" USING btree ("discount_code_id");--> statement-breakpoint
CREATE UNIQUE INDEX "members_email_key" ON "members" USING btree (lower("email")) WHERE "members"."is_guest" = false;--> statement-breakpoint
CREATE INDEX "order_products_order_idx" ON "order_products" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_products_tag_idx" ON "order_products" USING btree ("tag");--> statement-breakpoint
CREATE INDEX "orders_member_idx" ON "orders" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_hold_idx" ON "orders" USING btree ("hold_expires_at") WHERE "orders"."hold_released_at" IS NULL AND "orders"."paid_at" IS NULL;
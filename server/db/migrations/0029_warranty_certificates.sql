CREATE TABLE "warranty_certificates" (
	"id" serial PRIMARY KEY NOT NULL,
	"number" text NOT NULL,
	"order_product_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"document" jsonb NOT NULL,
	CONSTRAINT "warranty_certificates_number_unique" UNIQUE("number"),
	CONSTRAINT "warranty_certificates_order_product_id_unique" UNIQUE("order_product_id")
);
--> statement-breakpoint
ALTER TABLE "warranty_certificates" ADD CONSTRAINT "warranty_certificates_order_product_id_order_products_id_fk" FOREIGN KEY ("order_product_id") REFERENCES "public"."order_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warranty_certificates" ADD CONSTRAINT "warranty_certificates_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "warranty_certificates_order_idx" ON "warranty_certificates" USING btree ("order_id");
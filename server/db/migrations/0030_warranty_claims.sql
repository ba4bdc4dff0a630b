CREATE TABLE "warranty_claim_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"claim_id" integer NOT NULL,
	"field" text NOT NULL,
	"filename" text NOT NULL,
	"content_type" text NOT NULL,
	"data" "bytea" NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "warranty_claim_steps" (
	"id" serial PRIMARY KEY NOT NULL,
	"claim_id" integer NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"staff_id" integer,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "warranty_claims" (
	"id" serial PRIMARY KEY NOT NULL,
	"certificate_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"order_product_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"reason" text NOT NULL,
	"answers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"fitted_on" date NOT NULL,
	"mileage" integer NOT NULL,
	"garage_name" text NOT NULL,
	"status" text DEFAULT 'submitted' NOT NULL,
	"settlement" text,
	"settlement_amount" integer,
	"replacement_order_id" integer,
	"refund_key" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "warranty_claims_status_check" CHECK ("warranty_claims"."status" IN ('submitted', 'information_requested', 'approved', 'rejected', 'closed')),
	CONSTRAINT "warranty_claims_settlement_check" CHECK ("warranty_claims"."settlement" IS NULL OR "warranty_claims"."settlement" IN ('refund', 'replacement', 'labour'))
);
--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "cart_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "warranty_claim_files" ADD CONSTRAINT "warranty_claim_files_claim_id_warranty_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."warranty_claims"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warranty_claim_steps" ADD CONSTRAINT "warranty_claim_steps_claim_id_warranty_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."warranty_claims"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warranty_claim_steps" ADD CONSTRAINT "warranty_claim_steps_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warranty_claims" ADD CONSTRAINT "warranty_claims_certificate_id_warranty_certificates_id_fk" FOREIGN KEY ("certificate_id") REFERENCES "public"."warranty_certificates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warranty_claims" ADD CONSTRAINT "warranty_claims_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warranty_claims" ADD CONSTRAINT "warranty_claims_order_product_id_order_products_id_fk" FOREIGN KEY ("order_product_id") REFERENCES "public"."order_products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warranty_claims" ADD CONSTRAINT "warranty_claims_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warranty_claims" ADD CONSTRAINT "warranty_claims_replacement_order_id_orders_id_fk" FOREIGN KEY ("replacement_order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "warranty_claim_files_claim_idx" ON "warranty_claim_files" USING btree ("claim_id");--> statement-breakpoint
CREATE INDEX "warranty_claim_steps_claim_idx" ON "warranty_claim_steps" USING btree ("claim_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "warranty_claims_open_line_key" ON "warranty_claims" USING btree ("order_product_id") WHERE "warranty_claims"."status" IN ('submitted', 'information_requested');--> statement-breakpoint
CREATE UNIQUE INDEX "warranty_claims_settled_line_key" ON "warranty_claims" USING btree ("order_product_id") WHERE "warranty_claims"."settlement" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "warranty_claims_member_idx" ON "warranty_claims" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE INDEX "warranty_claims_status_idx" ON "warranty_claims" USING btree ("status","updated_at");
CREATE TABLE "enquiries" (
	"id" serial PRIMARY KEY NOT NULL,
	"form_name" text NOT NULL,
	"product_type" text NOT NULL,
	"product_ref" text NOT NULL,
	"product_name" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"phone_number" text NOT NULL,
	"email_address" text NOT NULL,
	"contact_by_phone" boolean NOT NULL,
	"contact_by_email" boolean NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"agreed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"member_id" integer,
	"session_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "enquiries_product_type_check" CHECK ("enquiries"."product_type" IN ('part', 'vehicle'))
);
--> statement-breakpoint
CREATE TABLE "product_notifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"part_tag" text NOT NULL,
	"part_type_id" integer NOT NULL,
	"make_id" integer NOT NULL,
	"model_id" integer NOT NULL,
	"part_name" text NOT NULL,
	"make_name" text NOT NULL,
	"model_name" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"agreed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"notified_part_tag" text,
	"notified_at" timestamp with time zone,
	"member_id" integer,
	"session_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_notifications_status_check" CHECK ("product_notifications"."status" IN ('waiting', 'notified'))
);
--> statement-breakpoint
ALTER TABLE "product_notifications" ADD CONSTRAINT "product_notifications_part_type_id_part_types_id_fk" FOREIGN KEY ("part_type_id") REFERENCES "public"."part_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "enquiries_created_idx" ON "enquiries" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "product_notifications_waiting_idx" ON "product_notifications" USING btree ("part_type_id","make_id","model_id","id") WHERE "product_notifications"."status" = 'waiting';--> statement-breakpoint
CREATE UNIQUE INDEX "product_notifications_one_waiting_idx" ON "product_notifications" USING btree (lower("email"),"part_type_id","make_id","model_id") WHERE "product_notifications"."status" = 'waiting';
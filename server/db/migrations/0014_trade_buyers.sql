CREATE TABLE "alert_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"alert_id" integer NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	"parts" integer NOT NULL,
	CONSTRAINT "alert_messages_period_key" UNIQUE("alert_id","period_start")
);
--> statement-breakpoint
CREATE TABLE "alert_notifications" (
	"alert_id" integer NOT NULL,
	"part_id" integer NOT NULL,
	"matched_at" timestamp with time zone NOT NULL,
	"message_id" integer,
	CONSTRAINT "alert_notifications_alert_id_part_id_pk" PRIMARY KEY("alert_id","part_id")
);
--> statement-breakpoint
CREATE TABLE "garage_vehicles" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"vrn" text,
	"make" text NOT NULL,
	"model" text,
	"year" integer,
	"engine_code" text DEFAULT '' NOT NULL,
	"criteria" jsonb,
	"is_current" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_line_vehicles" (
	"order_product_id" integer PRIMARY KEY NOT NULL,
	"vrn" text,
	"make" text NOT NULL,
	"model" text,
	"year" integer,
	"label" text NOT NULL,
	"compatibility" smallint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "push_outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscription_id" integer NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	"attempts" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "push_subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"endpoint" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"label" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "push_subscriptions_endpoint_unique" UNIQUE("endpoint")
);
--> statement-breakpoint
CREATE TABLE "saved_searches" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"name" text NOT NULL,
	"params" jsonb NOT NULL,
	"criteria" jsonb,
	"seen_arrival" bigint DEFAULT 0 NOT NULL,
	"last_viewed_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stock_alerts" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"kind" text NOT NULL,
	"saved_search_id" integer,
	"garage_vehicle_id" integer,
	"label" text NOT NULL,
	"vehicle" jsonb,
	"criteria" jsonb,
	"price" jsonb,
	"push" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"last_message_at" timestamp with time zone,
	CONSTRAINT "stock_alerts_saved_search_id_unique" UNIQUE("saved_search_id"),
	CONSTRAINT "stock_alerts_garage_vehicle_id_unique" UNIQUE("garage_vehicle_id"),
	CONSTRAINT "stock_alerts_kind_check" CHECK ("stock_alerts"."kind" IN ('search', 'vehicle'))
);
--> statement-breakpoint
CREATE TABLE "stock_arrivals" (
	"seq" bigserial PRIMARY KEY NOT NULL,
	"part_id" integer NOT NULL,
	"arrived_at" timestamp with time zone DEFAULT now() NOT NULL,
	"matched_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "alert_messages" ADD CONSTRAINT "alert_messages_alert_id_stock_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."stock_alerts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_notifications" ADD CONSTRAINT "alert_notifications_alert_id_stock_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."stock_alerts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_notifications" ADD CONSTRAINT "alert_notifications_message_id_alert_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."alert_messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "garage_vehicles" ADD CONSTRAINT "garage_vehicles_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_line_vehicles" ADD CONSTRAINT "order_line_vehicles_order_product_id_order_products_id_fk" FOREIGN KEY ("order_product_id") REFERENCES "public"."order_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_outbox" ADD CONSTRAINT "push_outbox_subscription_id_push_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."push_subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD CONSTRAINT "saved_searches_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_alerts" ADD CONSTRAINT "stock_alerts_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_alerts" ADD CONSTRAINT "stock_alerts_saved_search_id_saved_searches_id_fk" FOREIGN KEY ("saved_search_id") REFERENCES "public"."saved_searches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_alerts" ADD CONSTRAINT "stock_alerts_garage_vehicle_id_garage_vehicles_id_fk" FOREIGN KEY ("garage_vehicle_id") REFERENCES "public"."garage_vehicles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alert_notifications_pending_idx" ON "alert_notifications" USING btree ("alert_id") WHERE "alert_notifications"."message_id" IS NULL;--> statement-breakpoint
CREATE INDEX "garage_vehicles_member_idx" ON "garage_vehicles" USING btree ("member_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "garage_vehicles_current_idx" ON "garage_vehicles" USING btree ("member_id") WHERE "garage_vehicles"."is_current";--> statement-breakpoint
CREATE UNIQUE INDEX "garage_vehicles_vrn_idx" ON "garage_vehicles" USING btree ("member_id","vrn") WHERE "garage_vehicles"."vrn" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "push_outbox_unsent_idx" ON "push_outbox" USING btree ("id") WHERE "push_outbox"."sent_at" IS NULL;--> statement-breakpoint
CREATE INDEX "push_subscriptions_member_idx" ON "push_subscriptions" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "saved_searches_member_idx" ON "saved_searches" USING btree ("member_id","id");--> statement-breakpoint
CREATE INDEX "stock_alerts_member_idx" ON "stock_alerts" USING btree ("member_id","id");--> statement-breakpoint
CREATE INDEX "stock_arrivals_part_idx" ON "stock_arrivals" USING btree ("part_id","seq");--> statement-breakpoint
CREATE INDEX "stock_arrivals_unmatched_idx" ON "stock_arrivals" USING btree ("seq") WHERE "stock_arrivals"."matched_at" IS NULL;--> statement-breakpoint
-- Issue 17: a part coming on sale (inserted available, or its status changed to 'available' from
-- reserved, sold or coming soon) is queued for the alerts' matching. Statement triggers with
-- transition tables, as migration 0010's: a bulk insert of thousands of parts is one statement,
-- and the request that added the stock only writes these rows; matching runs in the background.
CREATE FUNCTION stock_arrivals_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stock_arrivals (part_id) SELECT n.id FROM new_parts n WHERE n.status = 'available' ORDER BY n.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION stock_arrivals_returned() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stock_arrivals (part_id)
    SELECT n.id FROM new_parts n JOIN old_parts o ON o.id = n.id
    WHERE n.status = 'available' AND o.status <> 'available' ORDER BY n.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER parts_arrivals_insert AFTER INSERT ON parts REFERENCING NEW TABLE AS new_parts
  FOR EACH STATEMENT EXECUTE FUNCTION stock_arrivals_inserted();
--> statement-breakpoint
CREATE TRIGGER parts_arrivals_update AFTER UPDATE ON parts REFERENCING OLD TABLE AS old_parts NEW TABLE AS new_parts
  FOR EACH STATEMENT EXECUTE FUNCTION stock_arrivals_returned();

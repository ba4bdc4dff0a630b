CREATE TABLE "part_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"external_name" text NOT NULL,
	"compatibility_flag" boolean DEFAULT false NOT NULL,
	"package_type" text DEFAULT 'REGULAR_PARCELS' NOT NULL,
	CONSTRAINT "part_types_name_unique" UNIQUE("name"),
	CONSTRAINT "part_types_external_name_unique" UNIQUE("external_name")
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"csrf_token" text NOT NULL,
	"member_id" integer,
	"created_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "sessions_expires_at_idx" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "sessions_last_seen_at_idx" ON "sessions" USING btree ("last_seen_at");
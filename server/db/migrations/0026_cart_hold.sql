ALTER TABLE "cart_products" ADD COLUMN "held_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "cart_products" ADD COLUMN "hold_ended_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "cart_products_hold_idx" ON "cart_products" USING btree ("held_until") WHERE "cart_products"."hold_ended_at" IS NULL;
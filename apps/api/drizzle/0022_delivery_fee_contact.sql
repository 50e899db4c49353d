ALTER TABLE "locations" ADD COLUMN "delivery_fee_kobo" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "minimum_order_kobo" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_fee_kobo" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "recipient_phone" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "landmark" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "recipient_phone" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "landmark" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "delivery_fee_kobo" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "locations" ADD CONSTRAINT "locations_delivery_fee_not_negative" CHECK ("locations"."delivery_fee_kobo" >= 0);--> statement-breakpoint
ALTER TABLE "locations" ADD CONSTRAINT "locations_minimum_order_not_negative" CHECK ("locations"."minimum_order_kobo" >= 0);
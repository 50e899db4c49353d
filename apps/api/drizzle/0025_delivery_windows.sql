ALTER TABLE "locations" ADD COLUMN "delivery_windows" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_window" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "delivery_window" text;
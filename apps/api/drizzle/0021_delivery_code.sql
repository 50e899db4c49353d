ALTER TABLE "orders" ADD COLUMN "delivery_code" text DEFAULT lpad(((('x' || substr(replace(gen_random_uuid()::text, '-', ''), 1, 7))::bit(28)::int) % 10000)::text, 4, '0') NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_code_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_code_sent_at" timestamp with time zone;
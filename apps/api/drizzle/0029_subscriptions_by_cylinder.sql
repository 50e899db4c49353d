ALTER TABLE "subscriptions" ADD COLUMN "cylinder_size_grams" integer;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "cylinder_type" text;
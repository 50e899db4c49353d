ALTER TABLE "vtu_purchases" ALTER COLUMN "network" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "sandbox_vtu_transactions" ADD COLUMN "billers_code" text;--> statement-breakpoint
ALTER TABLE "sandbox_vtu_transactions" ADD COLUMN "purchased_code" text;--> statement-breakpoint
ALTER TABLE "vtu_purchases" ADD COLUMN "service_id" text;--> statement-breakpoint
ALTER TABLE "vtu_purchases" ADD COLUMN "billers_code" text;--> statement-breakpoint
ALTER TABLE "vtu_purchases" ADD COLUMN "meter_type" text;--> statement-breakpoint
ALTER TABLE "vtu_purchases" ADD COLUMN "customer_name" text;--> statement-breakpoint
ALTER TABLE "vtu_purchases" ADD COLUMN "customer_address" text;--> statement-breakpoint
ALTER TABLE "vtu_purchases" ADD COLUMN "token" text;--> statement-breakpoint
ALTER TABLE "vtu_purchases" ADD COLUMN "units" text;--> statement-breakpoint
ALTER TABLE "vtu_purchases" ADD CONSTRAINT "vtu_purchases_network_or_biller" CHECK (("vtu_purchases"."kind" in ('airtime', 'data')) = ("vtu_purchases"."network" is not null and "vtu_purchases"."service_id" is null));--> statement-breakpoint
INSERT INTO "ledger_accounts" ("code", "name", "type", "normal") VALUES ('4210', 'VTU commission earned (bills)', 'revenue', 'credit') ON CONFLICT ("code") DO NOTHING;

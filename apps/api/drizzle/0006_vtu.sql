CREATE TABLE "sandbox_vtu_transactions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sandbox_vtu_transactions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"request_id" text NOT NULL,
	"service_id" text NOT NULL,
	"phone" text NOT NULL,
	"amount_naira" integer NOT NULL,
	"variation_code" text,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "data_bundles" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "data_bundles_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"network" text NOT NULL,
	"variation_code" text NOT NULL,
	"name" text NOT NULL,
	"price_kobo" bigint NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "data_bundles_price_positive" CHECK ("data_bundles"."price_kobo" > 0)
);
--> statement-breakpoint
CREATE TABLE "vtu_purchases" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "vtu_purchases_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"network" text NOT NULL,
	"phone" text NOT NULL,
	"amount_kobo" bigint NOT NULL,
	"bundle_id" integer,
	"bundle_name" text,
	"variation_code" text,
	"request_id" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"payment_method" text NOT NULL,
	"payment_reference" text NOT NULL,
	"provider_responses" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"history" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"last_checked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vtu_purchases_amount_positive" CHECK ("vtu_purchases"."amount_kobo" > 0)
);
--> statement-breakpoint
ALTER TABLE "vtu_purchases" ADD CONSTRAINT "vtu_purchases_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vtu_purchases" ADD CONSTRAINT "vtu_purchases_bundle_id_data_bundles_id_fk" FOREIGN KEY ("bundle_id") REFERENCES "public"."data_bundles"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_vtu_transactions_request_id_unique" ON "sandbox_vtu_transactions" USING btree ("request_id");--> statement-breakpoint
CREATE UNIQUE INDEX "data_bundles_variation_code_unique" ON "data_bundles" USING btree ("variation_code");--> statement-breakpoint
CREATE UNIQUE INDEX "vtu_purchases_request_id_unique" ON "vtu_purchases" USING btree ("request_id");--> statement-breakpoint
CREATE UNIQUE INDEX "vtu_purchases_payment_reference_unique" ON "vtu_purchases" USING btree ("payment_reference");--> statement-breakpoint
CREATE INDEX "vtu_purchases_user_idx" ON "vtu_purchases" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "vtu_purchases_status_idx" ON "vtu_purchases" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "vtu_purchases_phone_created_idx" ON "vtu_purchases" USING btree ("phone","created_at");
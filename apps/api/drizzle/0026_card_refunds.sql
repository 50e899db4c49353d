CREATE TABLE "order_card_refunds" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_card_refunds_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"transaction_reference" text NOT NULL,
	"amount_kobo" bigint NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"provider_refund_id" text,
	"requested_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_card_refunds_amount_positive" CHECK ("order_card_refunds"."amount_kobo" > 0)
);
--> statement-breakpoint
ALTER TABLE "order_card_refunds" ADD CONSTRAINT "order_card_refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_card_refunds" ADD CONSTRAINT "order_card_refunds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_card_refunds_order_unique" ON "order_card_refunds" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_card_refunds_provider_unique" ON "order_card_refunds" USING btree ("provider_refund_id");--> statement-breakpoint
CREATE INDEX "order_card_refunds_transaction_idx" ON "order_card_refunds" USING btree ("transaction_reference");--> statement-breakpoint
CREATE INDEX "order_card_refunds_open_idx" ON "order_card_refunds" USING btree ("status");--> statement-breakpoint
INSERT INTO "ledger_accounts" ("code", "name", "type", "normal") VALUES ('2310', 'Card refunds in transit', 'liability', 'credit') ON CONFLICT ("code") DO NOTHING;

-- Renamed in place (not dropped and created) so every order's card refund already recorded is kept.
ALTER TABLE "order_card_refunds" RENAME TO "card_refunds";--> statement-breakpoint
ALTER SEQUENCE "order_card_refunds_id_seq" RENAME TO "card_refunds_id_seq";--> statement-breakpoint
ALTER TABLE "card_refunds" RENAME CONSTRAINT "order_card_refunds_pkey" TO "card_refunds_pkey";--> statement-breakpoint
ALTER TABLE "card_refunds" RENAME CONSTRAINT "order_card_refunds_amount_positive" TO "card_refunds_amount_positive";--> statement-breakpoint
ALTER TABLE "card_refunds" RENAME CONSTRAINT "order_card_refunds_order_id_orders_id_fk" TO "card_refunds_order_id_orders_id_fk";--> statement-breakpoint
ALTER TABLE "card_refunds" RENAME CONSTRAINT "order_card_refunds_user_id_users_id_fk" TO "card_refunds_user_id_users_id_fk";--> statement-breakpoint
ALTER INDEX "order_card_refunds_order_unique" RENAME TO "card_refunds_order_unique";--> statement-breakpoint
ALTER INDEX "order_card_refunds_provider_unique" RENAME TO "card_refunds_provider_unique";--> statement-breakpoint
ALTER INDEX "order_card_refunds_transaction_idx" RENAME TO "card_refunds_transaction_idx";--> statement-breakpoint
ALTER INDEX "order_card_refunds_open_idx" RENAME TO "card_refunds_open_idx";--> statement-breakpoint
ALTER TABLE "card_refunds" ALTER COLUMN "order_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "card_refunds" ADD COLUMN "vtu_purchase_id" integer;--> statement-breakpoint
ALTER TABLE "card_refunds" ADD CONSTRAINT "card_refunds_vtu_purchase_id_vtu_purchases_id_fk" FOREIGN KEY ("vtu_purchase_id") REFERENCES "public"."vtu_purchases"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "card_refunds_vtu_purchase_unique" ON "card_refunds" USING btree ("vtu_purchase_id");--> statement-breakpoint
ALTER TABLE "card_refunds" ADD CONSTRAINT "card_refunds_one_subject" CHECK (num_nonnulls("card_refunds"."order_id", "card_refunds"."vtu_purchase_id") = 1);

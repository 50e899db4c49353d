ALTER TABLE "payments" ADD COLUMN "fulfilment" jsonb;--> statement-breakpoint
-- What each completed payment bought, from the "purpose:id" text it was recorded as before.
UPDATE "payments" SET "fulfilment" = CASE split_part("result_ref", ':', 1)
  WHEN 'product_order' THEN jsonb_build_object('kind', 'order', 'orderId', split_part("result_ref", ':', 2)::int)
  WHEN 'subscription_order' THEN jsonb_build_object('kind', 'subscription', 'subscriptionId', split_part("result_ref", ':', 2)::int)
  WHEN 'vtu' THEN jsonb_build_object('kind', 'vtu_purchase', 'purchaseId', split_part("result_ref", ':', 2)::int)
  WHEN 'ledger' THEN jsonb_build_object('kind', 'deposit', 'entryId', split_part("result_ref", ':', 2)::int)
END
WHERE "result_ref" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" DROP COLUMN "result_ref";
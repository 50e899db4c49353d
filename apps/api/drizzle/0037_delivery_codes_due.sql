-- The orders whose delivery code is still to be texted get rows of their own: a trigger adds every
-- order recorded as paid with a code not yet sent, however it is recorded; the delivery-code job
-- claims by deleting rows instead of searching the day's orders for unsent codes.
CREATE TABLE "delivery_codes_due" (
	"order_id" integer PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE FUNCTION "queue_delivery_codes"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "delivery_codes_due" ("order_id")
  SELECT "id" FROM "placed"
  WHERE "delivery_code_sent_at" IS NULL AND "status" IN ('paid', 'assigned', 'out_for_delivery');
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "orders_queue_delivery_codes" AFTER INSERT ON "orders" REFERENCING NEW TABLE AS "placed" FOR EACH STATEMENT EXECUTE FUNCTION "queue_delivery_codes"();--> statement-breakpoint
INSERT INTO "delivery_codes_due" ("order_id")
SELECT "id" FROM "orders"
WHERE "delivery_code_sent_at" IS NULL AND "status" IN ('paid', 'assigned', 'out_for_delivery')
  AND "created_at" >= now() - interval '1 day';

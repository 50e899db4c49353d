-- A row of delivery_codes_due is the only record of a code still to text; the mark on the order,
-- written for every text, is gone. Codes still queued stay queued.
ALTER TABLE "orders" DROP COLUMN "delivery_code_sent_at";

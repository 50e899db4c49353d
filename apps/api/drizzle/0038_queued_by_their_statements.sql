-- The alerts and delivery codes to send are queued by the statements that record them, which costs
-- the wallet-paid order less than a statement-level trigger each.
DROP TRIGGER "events_queue_alerts" ON "events";--> statement-breakpoint
DROP FUNCTION "queue_event_alerts"();--> statement-breakpoint
DROP TRIGGER "orders_queue_delivery_codes" ON "orders";--> statement-breakpoint
DROP FUNCTION "queue_delivery_codes"();

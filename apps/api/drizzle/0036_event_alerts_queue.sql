-- The events whose alerts are still to be sent get rows of their own: a trigger adds, for every
-- statement that records events, one row with the ids of its events of an alerting type, however
-- they are recorded; claiming a round deletes rows instead of rewriting events.
CREATE TABLE "event_alerts" (
	"first_event_id" bigint PRIMARY KEY NOT NULL,
	"event_ids" bigint[] NOT NULL
);
--> statement-breakpoint
CREATE FUNCTION "queue_event_alerts"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "event_alerts" ("first_event_id", "event_ids")
  SELECT min("id"), array_agg("id" ORDER BY "id") FROM "recorded"
  WHERE "type" IN ('order.available', 'order.updated') HAVING count(*) > 0;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "events_queue_alerts" AFTER INSERT ON "events" REFERENCING NEW TABLE AS "recorded" FOR EACH STATEMENT EXECUTE FUNCTION "queue_event_alerts"();--> statement-breakpoint
INSERT INTO "event_alerts" ("first_event_id", "event_ids")
SELECT min("id"), array_agg("id" ORDER BY "id") FROM "events"
WHERE "alerted_at" IS NULL AND "type" IN ('order.available', 'order.updated') HAVING count(*) > 0;--> statement-breakpoint
DROP INDEX "events_alert_pending_idx";--> statement-breakpoint
-- Only the few events that have a key get an entry.
DROP INDEX "events_dedupe_key_unique";--> statement-breakpoint
CREATE UNIQUE INDEX "events_dedupe_key_unique" ON "events" USING btree ("dedupe_key") WHERE "events"."dedupe_key" is not null;--> statement-breakpoint
ALTER TABLE "events" DROP COLUMN "alerted_at";

-- An event's alerts are claimed by marking the event itself, so finding the ones still to send reads
-- a small partial index instead of every recent event against a table of claims.
ALTER TABLE "events" ADD COLUMN "alerted_at" timestamp with time zone;--> statement-breakpoint
UPDATE "events" SET "alerted_at" = "alert_claims"."claimed_at" FROM "alert_claims" WHERE "alert_claims"."event_id" = "events"."id";--> statement-breakpoint
-- Unclaimed alerting events older than ten minutes would never be sent (they are history, not news).
UPDATE "events" SET "alerted_at" = "created_at" WHERE "alerted_at" IS NULL AND "type" IN ('order.available', 'order.updated') AND "created_at" <= now() - interval '10 minutes';--> statement-breakpoint
DROP TABLE "alert_claims" CASCADE;--> statement-breakpoint
CREATE INDEX "events_alert_pending_idx" ON "events" USING btree ("id") WHERE "events"."alerted_at" is null and "events"."type" in ('order.available', 'order.updated');

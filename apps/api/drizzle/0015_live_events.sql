CREATE TABLE "events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"user_ids" integer[] DEFAULT '{}' NOT NULL,
	"agent_ids" integer[] DEFAULT '{}' NOT NULL,
	"audiences" text[] DEFAULT '{}' NOT NULL,
	"location_id" integer,
	"category_kind" text,
	"dedupe_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "events_dedupe_key_unique" ON "events" USING btree ("dedupe_key");--> statement-breakpoint
CREATE INDEX "events_created_idx" ON "events" USING btree ("created_at");
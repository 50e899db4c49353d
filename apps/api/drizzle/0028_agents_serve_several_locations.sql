CREATE TABLE "agent_locations" (
	"agent_id" integer NOT NULL,
	"location_id" integer NOT NULL,
	CONSTRAINT "agent_locations_agent_id_location_id_pk" PRIMARY KEY("agent_id","location_id")
);
--> statement-breakpoint
ALTER TABLE "agents" DROP CONSTRAINT "agents_location_id_locations_id_fk";
--> statement-breakpoint
DROP INDEX "agents_location_idx";--> statement-breakpoint
ALTER TABLE "agent_locations" ADD CONSTRAINT "agent_locations_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_locations" ADD CONSTRAINT "agent_locations_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agent_locations_location_idx" ON "agent_locations" USING btree ("location_id","agent_id");--> statement-breakpoint
-- Each agent keeps the one area they had: it becomes the first of their set.
INSERT INTO "agent_locations" ("agent_id", "location_id") SELECT "id", "location_id" FROM "agents" WHERE "location_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "agents" DROP COLUMN "location_id";
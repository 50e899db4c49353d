-- The agent who released an order is left out of its area's offer of it (no alert, no banner): they chose to leave it.
ALTER TABLE "events" ADD COLUMN "area_except_agent_id" integer;
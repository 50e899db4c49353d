-- An order's area events leave out its own customer, who may be an agent of that area: an agent is
-- never offered their own order. The day of events kept is given its orders' customers.
ALTER TABLE "events" ADD COLUMN "area_except_user_id" integer;--> statement-breakpoint
UPDATE "events" SET "area_except_user_id" = "orders"."user_id" FROM "orders"
WHERE 'area_agents' = ANY("events"."audiences") AND "events"."type" IN ('order.available', 'order.updated')
  AND "orders"."id" = ("events"."payload" ->> 'id')::int;

CREATE TABLE "status_history" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "status_history_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"entity" text NOT NULL,
	"entity_id" integer NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"actor_id" integer,
	"actor_role" text NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "status_history_entity_idx" ON "status_history" USING btree ("entity","entity_id","id");--> statement-breakpoint
-- Order history keeps its rows, in their order, with their times and actors.
INSERT INTO "status_history" ("entity", "entity_id", "from_status", "to_status", "actor_id", "actor_role", "note", "created_at")
SELECT 'order', "order_id", "from_status", "to_status", "actor_id", "actor_role", "note", "created_at"
FROM "order_status_history"
ORDER BY "id";--> statement-breakpoint
-- Withdrawals and airtime/data purchases kept their history as a JSON list: one row per entry, in
-- list order, each coming from the entry before it. The first entry is the customer's request; the
-- rest were the system's (provider answers, webhooks, jobs).
INSERT INTO "status_history" ("entity", "entity_id", "from_status", "to_status", "actor_id", "actor_role", "note", "created_at")
SELECT x."entity", x."id", lag(x."entry" ->> 'status') OVER (PARTITION BY x."entity", x."id" ORDER BY x."n"),
  x."entry" ->> 'status', CASE WHEN x."n" = 1 THEN x."user_id" END, CASE WHEN x."n" = 1 THEN 'customer' ELSE 'system' END,
  x."entry" ->> 'note', (x."entry" ->> 'at')::timestamptz
FROM (
  SELECT 'withdrawal' AS "entity", w."id", w."user_id", h."entry", h."n"
  FROM "withdrawals" w CROSS JOIN LATERAL jsonb_array_elements(w."history") WITH ORDINALITY AS h("entry", "n")
  UNION ALL
  SELECT 'vtu_purchase', v."id", v."user_id", h."entry", h."n"
  FROM "vtu_purchases" v CROSS JOIN LATERAL jsonb_array_elements(v."history") WITH ORDINALITY AS h("entry", "n")
) x
ORDER BY x."entity", x."id", x."n";--> statement-breakpoint
DROP TABLE "order_status_history" CASCADE;--> statement-breakpoint
ALTER TABLE "withdrawals" DROP COLUMN "history";--> statement-breakpoint
ALTER TABLE "vtu_purchases" DROP COLUMN "history";
CREATE TABLE "reconciliation_differences" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "reconciliation_differences_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"provider" text NOT NULL,
	"reference" text NOT NULL,
	"kind" text NOT NULL,
	"ours_kobo" bigint,
	"theirs_kobo" bigint,
	"occurred_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"reason" text,
	"cleared_by" integer,
	"detected_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "reconciliation_differences" ADD CONSTRAINT "reconciliation_differences_cleared_by_users_id_fk" FOREIGN KEY ("cleared_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reconciliation_differences_unique" ON "reconciliation_differences" USING btree ("provider","reference","kind");--> statement-breakpoint
CREATE INDEX "reconciliation_differences_status_idx" ON "reconciliation_differences" USING btree ("status","occurred_at");
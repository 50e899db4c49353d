CREATE TABLE "reconciliation_float_checks" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "reconciliation_float_checks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"provider" text NOT NULL,
	"theirs_kobo" bigint NOT NULL,
	"ours_kobo" bigint NOT NULL,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "reconciliation_float_checks_provider_idx" ON "reconciliation_float_checks" USING btree ("provider","checked_at");
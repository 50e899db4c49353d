-- A journal's lines move into its own row (three arrays, line i across them), in the order they
-- were posted; then the postings table goes. No journal, line or balance changes. A journal with
-- fewer than two postings (which the hourly check of the books would have reported) stops the
-- migration rather than being changed.
ALTER TABLE "ledger_journals" ADD COLUMN "account_codes" text[];--> statement-breakpoint
ALTER TABLE "ledger_journals" ADD COLUMN "user_ids" integer[];--> statement-breakpoint
ALTER TABLE "ledger_journals" ADD COLUMN "amounts_kobo" bigint[];--> statement-breakpoint
UPDATE "ledger_journals" j
SET "account_codes" = l."account_codes", "user_ids" = l."user_ids", "amounts_kobo" = l."amounts_kobo"
FROM (
  SELECT "journal_id",
    array_agg("account_code" ORDER BY "id") AS "account_codes",
    array_agg("user_id" ORDER BY "id") AS "user_ids",
    array_agg("amount_kobo" ORDER BY "id") AS "amounts_kobo"
  FROM "ledger_postings" GROUP BY "journal_id"
) l
WHERE l."journal_id" = j."id";--> statement-breakpoint
DROP TABLE "ledger_postings";--> statement-breakpoint
ALTER TABLE "ledger_journals" ALTER COLUMN "account_codes" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_journals" ALTER COLUMN "user_ids" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_journals" ALTER COLUMN "amounts_kobo" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_journals" ADD CONSTRAINT "ledger_journals_lines_complete" CHECK (cardinality("ledger_journals"."account_codes") >= 2 and cardinality("ledger_journals"."user_ids") = cardinality("ledger_journals"."account_codes")
        and cardinality("ledger_journals"."amounts_kobo") = cardinality("ledger_journals"."account_codes")
        and array_position("ledger_journals"."account_codes", null) is null and array_position("ledger_journals"."amounts_kobo", null) is null);--> statement-breakpoint
ALTER TABLE "ledger_journals" ADD CONSTRAINT "ledger_journals_amounts_not_zero" CHECK (0 <> all("ledger_journals"."amounts_kobo"));

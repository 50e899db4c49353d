CREATE TABLE "ledger_accounts" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"normal" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_balances" (
	"account_code" text NOT NULL,
	"shard" smallint NOT NULL,
	"balance_kobo" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "ledger_balances_account_code_shard_pk" PRIMARY KEY("account_code","shard")
);
--> statement-breakpoint
CREATE TABLE "ledger_journals" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_journals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"reference" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_postings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_postings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"journal_id" integer NOT NULL,
	"account_code" text NOT NULL,
	"user_id" integer,
	"amount_kobo" bigint NOT NULL,
	CONSTRAINT "ledger_postings_amount_not_zero" CHECK ("ledger_postings"."amount_kobo" <> 0),
	CONSTRAINT "ledger_postings_customer_has_user" CHECK (("ledger_postings"."account_code" in ('2100', '2110')) = ("ledger_postings"."user_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "ledger_balances" ADD CONSTRAINT "ledger_balances_account_code_ledger_accounts_code_fk" FOREIGN KEY ("account_code") REFERENCES "public"."ledger_accounts"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_postings" ADD CONSTRAINT "ledger_postings_journal_id_ledger_journals_id_fk" FOREIGN KEY ("journal_id") REFERENCES "public"."ledger_journals"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_postings" ADD CONSTRAINT "ledger_postings_account_code_ledger_accounts_code_fk" FOREIGN KEY ("account_code") REFERENCES "public"."ledger_accounts"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_journals_reference_kind_unique" ON "ledger_journals" USING btree ("reference","kind");--> statement-breakpoint
CREATE INDEX "ledger_postings_journal_idx" ON "ledger_postings" USING btree ("journal_id");--> statement-breakpoint
-- The chart of accounts (apps/api/src/modules/ledger/accounts.ts names them; a test compares the two).
INSERT INTO "ledger_accounts" ("code", "name", "type", "normal") VALUES
  ('1100', 'Paystack clearing', 'asset', 'debit'),
  ('1200', 'Paystack balance (settlement to bank)', 'asset', 'debit'),
  ('1300', 'VTU provider float', 'asset', 'debit'),
  ('2100', 'Customer wallets', 'liability', 'credit'),
  ('2110', 'Customer savings', 'liability', 'credit'),
  ('2300', 'Withdrawals in transit', 'liability', 'credit'),
  ('2400', 'Commission payable', 'liability', 'credit'),
  ('3000', 'Opening balances', 'equity', 'credit'),
  ('4110', 'Sales revenue: sachet water', 'revenue', 'credit'),
  ('4120', 'Sales revenue: bottled water', 'revenue', 'credit'),
  ('4130', 'Sales revenue: gas', 'revenue', 'credit'),
  ('4200', 'VTU sales revenue (airtime and data)', 'revenue', 'credit'),
  ('4300', 'Delivery fee revenue', 'revenue', 'credit'),
  ('4900', 'Refunds', 'revenue', 'debit'),
  ('5100', 'Agent commission expense', 'expense', 'debit'),
  ('5200', 'Referral rewards expense', 'expense', 'debit'),
  ('5900', 'Support adjustments', 'expense', 'debit');--> statement-breakpoint
-- Opening journal: what the wallets, savings and pending withdrawals held before the ledger was
-- double-entry, against the opening-balances equity account. No balance changes.
INSERT INTO "ledger_journals" ("kind", "reference")
SELECT 'opening', 'opening-balances'
WHERE EXISTS (SELECT 1 FROM "wallets" WHERE "balance_kobo" <> 0 OR "savings_kobo" <> 0)
   OR EXISTS (SELECT 1 FROM "withdrawals" WHERE "status" = 'pending');--> statement-breakpoint
INSERT INTO "ledger_postings" ("journal_id", "account_code", "user_id", "amount_kobo")
SELECT j."id", x."code", x."user_id", x."kobo"
FROM "ledger_journals" j
CROSS JOIN (
  SELECT '2100' AS "code", "user_id", -"balance_kobo" AS "kobo" FROM "wallets" WHERE "balance_kobo" <> 0
  UNION ALL SELECT '2110', "user_id", -"savings_kobo" FROM "wallets" WHERE "savings_kobo" <> 0
  UNION ALL SELECT '2300', NULL, -sum("amount_kobo") FROM "withdrawals" WHERE "status" = 'pending' HAVING count(*) > 0
) x
WHERE j."kind" = 'opening' AND j."reference" = 'opening-balances';--> statement-breakpoint
INSERT INTO "ledger_postings" ("journal_id", "account_code", "user_id", "amount_kobo")
SELECT j."id", '3000', NULL, -sum(p."amount_kobo")
FROM "ledger_journals" j JOIN "ledger_postings" p ON p."journal_id" = j."id"
WHERE j."kind" = 'opening' AND j."reference" = 'opening-balances'
GROUP BY j."id" HAVING sum(p."amount_kobo") <> 0;--> statement-breakpoint
INSERT INTO "ledger_balances" ("account_code", "shard", "balance_kobo")
SELECT "account_code", 0, sum("amount_kobo") FROM "ledger_postings" WHERE "user_id" IS NULL GROUP BY "account_code";

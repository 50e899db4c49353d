-- Where a reconciliation difference waits until someone finds what it was (1900, on the balance sheet).
INSERT INTO "ledger_accounts" ("code", "name", "type", "normal") VALUES ('1900', 'Suspense (unexplained differences)', 'asset', 'debit') ON CONFLICT ("code") DO NOTHING;

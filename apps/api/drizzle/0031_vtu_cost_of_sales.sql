-- What the VTU provider charges for each delivered vend, posted out of the VTU float (1300).
INSERT INTO "ledger_accounts" ("code", "name", "type", "normal") VALUES ('5300', 'VTU cost of sales', 'expense', 'debit') ON CONFLICT ("code") DO NOTHING;

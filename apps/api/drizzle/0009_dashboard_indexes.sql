CREATE INDEX "ledger_entries_type_created_idx" ON "ledger_entries" USING btree ("type","created_at");--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "vtu_purchases_created_idx" ON "vtu_purchases" USING btree ("created_at");
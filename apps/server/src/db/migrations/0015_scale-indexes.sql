DROP INDEX "transaction_details_receipt_unique";--> statement-breakpoint
DROP INDEX "points_ledger_collector_idx";--> statement-breakpoint
CREATE INDEX "sessions_expires_idx" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "spent_bot_check_tokens_expires_idx" ON "spent_bot_check_tokens" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "attempt_counters_window_ends_idx" ON "attempt_counters" USING btree ("window_ends_at");--> statement-breakpoint
CREATE UNIQUE INDEX "transaction_details_receipt_unique" ON "transaction_details" USING btree ("receipt_id") WHERE "transaction_details"."receipt_id" is not null;--> statement-breakpoint
CREATE INDEX "points_ledger_collector_idx" ON "points_ledger" USING btree ("collector_id","created_at","amount");
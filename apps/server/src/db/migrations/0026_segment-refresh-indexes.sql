CREATE INDEX "collectors_updated_idx" ON "collectors" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "member_summaries_refreshed_idx" ON "member_summaries" USING btree ("refreshed_at");--> statement-breakpoint
CREATE INDEX "points_ledger_created_idx" ON "points_ledger" USING btree ("created_at");
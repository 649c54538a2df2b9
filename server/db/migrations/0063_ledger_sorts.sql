CREATE INDEX "stock_movements_bin_moved_at_idx" ON "stock_movements" USING btree ("bin_id","moved_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "stock_movements_balance_after_idx" ON "stock_movements" USING btree ("balance_after","id");--> statement-breakpoint
CREATE INDEX "stock_movements_balance_after_desc_idx" ON "stock_movements" USING btree ("balance_after" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "stock_movements_unit_cost_idx" ON "stock_movements" USING btree ("unit_cost","id");--> statement-breakpoint
CREATE INDEX "stock_movements_unit_cost_desc_idx" ON "stock_movements" USING btree ("unit_cost" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "stock_movements_note_idx" ON "stock_movements" USING btree (lower(("note")::text),"id");--> statement-breakpoint
CREATE INDEX "stock_movements_note_desc_idx" ON "stock_movements" USING btree (lower(("note")::text) desc nulls last,"id");--> statement-breakpoint
CREATE INDEX "stock_movements_movement_type_idx" ON "stock_movements" USING btree (lower(("movement_type")::text),"id");--> statement-breakpoint
CREATE INDEX "stock_movements_movement_type_desc_idx" ON "stock_movements" USING btree (lower(("movement_type")::text) desc nulls last,"id");
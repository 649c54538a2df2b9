CREATE INDEX "purchase_orders_number_idx" ON "purchase_orders" USING btree (lower(("number")::text),"id");--> statement-breakpoint
CREATE INDEX "purchase_orders_number_desc_idx" ON "purchase_orders" USING btree (lower(("number")::text) desc nulls last,"id");--> statement-breakpoint
CREATE INDEX "sales_orders_number_idx" ON "sales_orders" USING btree (lower(("number")::text),"id");--> statement-breakpoint
CREATE INDEX "sales_orders_number_desc_idx" ON "sales_orders" USING btree (lower(("number")::text) desc nulls last,"id");--> statement-breakpoint
CREATE INDEX "sales_orders_external_ref_idx" ON "sales_orders" USING btree (lower(("external_ref")::text),"id");--> statement-breakpoint
CREATE INDEX "sales_orders_external_ref_desc_idx" ON "sales_orders" USING btree (lower(("external_ref")::text) desc nulls last,"id");
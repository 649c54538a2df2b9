DROP INDEX "purchase_orders_supplier_idx";--> statement-breakpoint
CREATE INDEX "purchase_orders_supplier_idx" ON "purchase_orders" USING btree ("supplier_id","order_date");
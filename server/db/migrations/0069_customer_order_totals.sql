CREATE TABLE "customer_order_totals" (
	"customer_id" bigint PRIMARY KEY NOT NULL,
	"confirmed_total" numeric(14, 2) DEFAULT '0' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customer_order_totals" ADD CONSTRAINT "customer_order_totals_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" DROP COLUMN "confirmed_orders_total";
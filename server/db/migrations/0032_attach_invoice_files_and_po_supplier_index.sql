CREATE TABLE "purchase_invoice_attachments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"seq" bigint DEFAULT nextval('change_seq') NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"purchase_invoice_id" bigint NOT NULL,
	"attachment_id" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "purchase_invoice_attachments" ADD CONSTRAINT "purchase_invoice_attachments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_invoice_attachments" ADD CONSTRAINT "purchase_invoice_attachments_purchase_invoice_id_purchase_invoices_id_fk" FOREIGN KEY ("purchase_invoice_id") REFERENCES "public"."purchase_invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_invoice_attachments" ADD CONSTRAINT "purchase_invoice_attachments_attachment_id_attachments_id_fk" FOREIGN KEY ("attachment_id") REFERENCES "public"."attachments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "purchase_invoice_attachments_uk" ON "purchase_invoice_attachments" USING btree ("purchase_invoice_id","attachment_id");--> statement-breakpoint
CREATE INDEX "purchase_orders_supplier_idx" ON "purchase_orders" USING btree ("supplier_id");
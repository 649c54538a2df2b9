CREATE TABLE "sales_import_logs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"seq" bigint DEFAULT nextval('change_seq') NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"import_job_id" bigint NOT NULL,
	"row_no" integer NOT NULL,
	"external_ref" varchar(60),
	"result" varchar(10) NOT NULL,
	"sales_order_id" bigint,
	"message" varchar(500),
	CONSTRAINT "sales_import_logs_result_ck" CHECK (result in ('created', 'updated', 'skipped', 'error'))
);
--> statement-breakpoint
ALTER TABLE "sales_import_logs" ADD CONSTRAINT "sales_import_logs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_import_logs" ADD CONSTRAINT "sales_import_logs_import_job_id_import_jobs_id_fk" FOREIGN KEY ("import_job_id") REFERENCES "public"."import_jobs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_import_logs" ADD CONSTRAINT "sales_import_logs_sales_order_id_sales_orders_id_fk" FOREIGN KEY ("sales_order_id") REFERENCES "public"."sales_orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sales_import_logs_job_idx" ON "sales_import_logs" USING btree ("import_job_id","row_no");--> statement-breakpoint
CREATE INDEX "sales_import_logs_order_idx" ON "sales_import_logs" USING btree ("sales_order_id");
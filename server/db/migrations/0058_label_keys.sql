CREATE TABLE "potency_points" (
	"hplc_result_id" bigint NOT NULL,
	"subject" varchar(10) NOT NULL,
	"subject_id" bigint NOT NULL,
	"tested_at" timestamp with time zone NOT NULL,
	CONSTRAINT "potency_points_hplc_result_id_subject_subject_id_pk" PRIMARY KEY("hplc_result_id","subject","subject_id"),
	CONSTRAINT "potency_points_subject_ck" CHECK (subject in ('product', 'recipe', 'batcher'))
);
--> statement-breakpoint
ALTER TABLE "stock_movements" ADD COLUMN "lot_no" varchar(40);--> statement-breakpoint
ALTER TABLE "stock_movements" ADD COLUMN "location_name" varchar(120);--> statement-breakpoint
ALTER TABLE "stock_movements" ADD COLUMN "bin_code" varchar(30);--> statement-breakpoint
ALTER TABLE "stock_movements" ADD COLUMN "document_number" varchar(40);--> statement-breakpoint
ALTER TABLE "stock_movements" ADD COLUMN "created_by_name" varchar(120);--> statement-breakpoint
ALTER TABLE "potency_points" ADD CONSTRAINT "potency_points_hplc_result_id_hplc_results_id_fk" FOREIGN KEY ("hplc_result_id") REFERENCES "public"."hplc_results"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "potency_points_chart_idx" ON "potency_points" USING btree ("subject","subject_id","tested_at" DESC NULLS LAST,"hplc_result_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "stock_movements_lot_no_idx" ON "stock_movements" USING btree (lower(("lot_no")::text),"id");--> statement-breakpoint
CREATE INDEX "stock_movements_lot_no_desc_idx" ON "stock_movements" USING btree (lower(("lot_no")::text) desc nulls last,"id");--> statement-breakpoint
CREATE INDEX "stock_movements_location_name_idx" ON "stock_movements" USING btree (lower(("location_name")::text),"id");--> statement-breakpoint
CREATE INDEX "stock_movements_location_name_desc_idx" ON "stock_movements" USING btree (lower(("location_name")::text) desc nulls last,"id");--> statement-breakpoint
CREATE INDEX "stock_movements_bin_code_idx" ON "stock_movements" USING btree (lower(("bin_code")::text),"id");--> statement-breakpoint
CREATE INDEX "stock_movements_bin_code_desc_idx" ON "stock_movements" USING btree (lower(("bin_code")::text) desc nulls last,"id");--> statement-breakpoint
CREATE INDEX "stock_movements_document_number_idx" ON "stock_movements" USING btree (lower(("document_number")::text),"id");--> statement-breakpoint
CREATE INDEX "stock_movements_document_number_desc_idx" ON "stock_movements" USING btree (lower(("document_number")::text) desc nulls last,"id");--> statement-breakpoint
CREATE INDEX "stock_movements_created_by_name_idx" ON "stock_movements" USING btree (lower(("created_by_name")::text),"id");--> statement-breakpoint
CREATE INDEX "stock_movements_created_by_name_desc_idx" ON "stock_movements" USING btree (lower(("created_by_name")::text) desc nulls last,"id");
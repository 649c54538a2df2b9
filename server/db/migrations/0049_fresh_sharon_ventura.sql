CREATE TABLE "import_staged_rows" (
	"job_id" bigint NOT NULL,
	"idx" integer NOT NULL,
	"row_no" integer NOT NULL,
	"cells" jsonb,
	CONSTRAINT "import_staged_rows_job_id_idx_pk" PRIMARY KEY("job_id","idx")
);
--> statement-breakpoint
ALTER TABLE "import_staged_rows" ADD CONSTRAINT "import_staged_rows_job_id_import_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."import_jobs"("id") ON DELETE cascade ON UPDATE no action;
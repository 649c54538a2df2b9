CREATE TABLE "import_keys" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"type" varchar(30) NOT NULL,
	"external_key" varchar(200) NOT NULL,
	"entity_id" bigint NOT NULL,
	"fingerprint" varchar(64) NOT NULL,
	"job_id" bigint NOT NULL,
	CONSTRAINT "import_keys_type_key_uk" UNIQUE("type","external_key")
);
--> statement-breakpoint
ALTER TABLE "import_job_rows" ADD COLUMN "values" jsonb;--> statement-breakpoint
ALTER TABLE "import_keys" ADD CONSTRAINT "import_keys_job_id_import_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."import_jobs"("id") ON DELETE no action ON UPDATE no action;
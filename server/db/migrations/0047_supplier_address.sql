ALTER TABLE "suppliers" ADD COLUMN "street" varchar(160);--> statement-breakpoint
ALTER TABLE "suppliers" ADD COLUMN "city" varchar(80);--> statement-breakpoint
ALTER TABLE "suppliers" ADD COLUMN "postal_code" varchar(20);--> statement-breakpoint
-- A supplier saved with a province but no country is in that province's country: its orders
-- keep the Canadian sales tax they were figured with.
UPDATE "suppliers" s SET "country_id" = p."country_id" FROM "provinces" p
  WHERE s."country_id" IS NULL AND p."id" = s."province_id";

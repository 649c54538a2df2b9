ALTER TABLE "attachments" ADD COLUMN "token" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "attachments_token_uk" ON "attachments" USING btree ("token");
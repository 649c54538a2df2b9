ALTER TABLE "discounts" ADD COLUMN "status" varchar(30) DEFAULT 'approved' NOT NULL;--> statement-breakpoint
ALTER TABLE "discounts" ADD COLUMN "submitted_by" bigint;--> statement-breakpoint
ALTER TABLE "discounts" ADD COLUMN "approved_by" bigint;--> statement-breakpoint
ALTER TABLE "discounts" ADD CONSTRAINT "discounts_submitted_by_users_id_fk" FOREIGN KEY ("submitted_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discounts" ADD CONSTRAINT "discounts_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discounts" ADD CONSTRAINT "discounts_status_ck" CHECK (status in ('pending_approval', 'approved', 'rejected'));
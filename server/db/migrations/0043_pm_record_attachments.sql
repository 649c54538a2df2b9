CREATE TABLE "pm_task_item_record_attachments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"seq" bigint DEFAULT nextval('change_seq') NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" bigint,
	"pm_task_item_record_id" bigint NOT NULL,
	"attachment_id" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pm_task_item_record_attachments" ADD CONSTRAINT "pm_task_item_record_attachments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pm_task_item_record_attachments" ADD CONSTRAINT "pm_task_item_record_attachments_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pm_task_item_record_attachments" ADD CONSTRAINT "pm_task_item_record_attachments_pm_task_item_record_id_pm_task_item_records_id_fk" FOREIGN KEY ("pm_task_item_record_id") REFERENCES "public"."pm_task_item_records"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pm_task_item_record_attachments" ADD CONSTRAINT "pm_task_item_record_attachments_attachment_id_attachments_id_fk" FOREIGN KEY ("attachment_id") REFERENCES "public"."attachments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pm_task_item_record_attachments_uk" ON "pm_task_item_record_attachments" USING btree ("pm_task_item_record_id","attachment_id");
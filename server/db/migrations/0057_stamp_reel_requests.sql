CREATE TABLE "stamp_reel_requests" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"seq" bigint DEFAULT nextval('change_seq') NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" bigint,
	"stamp_jurisdiction_id" bigint NOT NULL,
	"stamps_qty" integer NOT NULL,
	"status" varchar(20) DEFAULT 'pending' NOT NULL,
	"cover_days" numeric(10, 1),
	"lead_time_days" integer NOT NULL,
	"note" varchar(500),
	"decided_by" bigint,
	"decided_at" timestamp with time zone,
	CONSTRAINT "stamp_reel_requests_status_ck" CHECK (status in ('pending', 'approved', 'rejected', 'received')),
	CONSTRAINT "stamp_reel_requests_qty_ck" CHECK ("stamp_reel_requests"."stamps_qty" > 0)
);
--> statement-breakpoint
ALTER TABLE "stamp_reel_requests" ADD CONSTRAINT "stamp_reel_requests_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stamp_reel_requests" ADD CONSTRAINT "stamp_reel_requests_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stamp_reel_requests" ADD CONSTRAINT "stamp_reel_requests_stamp_jurisdiction_id_parameters_id_fk" FOREIGN KEY ("stamp_jurisdiction_id") REFERENCES "public"."parameters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stamp_reel_requests" ADD CONSTRAINT "stamp_reel_requests_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "stamp_reel_requests_one_pending_ux" ON "stamp_reel_requests" USING btree ("stamp_jurisdiction_id") WHERE status = 'pending';
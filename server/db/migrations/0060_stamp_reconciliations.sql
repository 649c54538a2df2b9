CREATE TABLE "stamp_reconciliation_counts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"seq" bigint DEFAULT nextval('change_seq') NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" bigint,
	"reconciliation_id" bigint NOT NULL,
	"stamp_jurisdiction_id" bigint NOT NULL,
	"counted_qty" integer,
	"reason" varchar(500),
	"filed_closing" integer,
	CONSTRAINT "stamp_reconciliation_counts_pair_uk" UNIQUE("reconciliation_id","stamp_jurisdiction_id"),
	CONSTRAINT "stamp_reconciliation_counts_qty_ck" CHECK ("stamp_reconciliation_counts"."counted_qty" is null or "stamp_reconciliation_counts"."counted_qty" >= 0)
);
--> statement-breakpoint
CREATE TABLE "stamp_reconciliations" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"seq" bigint DEFAULT nextval('change_seq') NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" bigint,
	"month" date NOT NULL,
	"status" varchar(20) DEFAULT 'open' NOT NULL,
	"closed_by" bigint,
	"closed_at" timestamp with time zone,
	CONSTRAINT "stamp_reconciliations_month_unique" UNIQUE("month"),
	CONSTRAINT "stamp_reconciliations_status_ck" CHECK (status in ('open', 'closed')),
	CONSTRAINT "stamp_reconciliations_month_ck" CHECK (extract(day from "stamp_reconciliations"."month") = 1),
	CONSTRAINT "stamp_reconciliations_closed_ck" CHECK (("stamp_reconciliations"."status" = 'closed') = ("stamp_reconciliations"."closed_at" is not null and "stamp_reconciliations"."closed_by" is not null))
);
--> statement-breakpoint
ALTER TABLE "stamp_reconciliation_counts" ADD CONSTRAINT "stamp_reconciliation_counts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stamp_reconciliation_counts" ADD CONSTRAINT "stamp_reconciliation_counts_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stamp_reconciliation_counts" ADD CONSTRAINT "stamp_reconciliation_counts_reconciliation_id_stamp_reconciliations_id_fk" FOREIGN KEY ("reconciliation_id") REFERENCES "public"."stamp_reconciliations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stamp_reconciliation_counts" ADD CONSTRAINT "stamp_reconciliation_counts_stamp_jurisdiction_id_parameters_id_fk" FOREIGN KEY ("stamp_jurisdiction_id") REFERENCES "public"."parameters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stamp_reconciliations" ADD CONSTRAINT "stamp_reconciliations_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stamp_reconciliations" ADD CONSTRAINT "stamp_reconciliations_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stamp_reconciliations" ADD CONSTRAINT "stamp_reconciliations_closed_by_users_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reel_movements_created_ix" ON "reel_movements" USING btree ("created_at");
CREATE TABLE "sales_order_line_duties" (
	"sales_order_line_id" bigint PRIMARY KEY NOT NULL,
	"federal_duty_rate_id" bigint,
	"federal_duty" numeric(14, 2) DEFAULT '0' NOT NULL,
	"provincial_duty_rate_id" bigint,
	"provincial_duty" numeric(14, 2) DEFAULT '0' NOT NULL,
	"duty_per_unit" numeric(14, 2) DEFAULT '0' NOT NULL,
	"duty_total" numeric(14, 2) DEFAULT '0' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vaping_duty_rates" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"seq" bigint DEFAULT nextval('change_seq') NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" bigint,
	"kind" varchar(20) NOT NULL,
	"stamp_jurisdiction_id" bigint,
	"effective_from" date NOT NULL,
	"first_tier_ml" numeric(8, 2) NOT NULL,
	"first_step_ml" numeric(8, 2) NOT NULL,
	"first_step_amount" numeric(10, 4) NOT NULL,
	"step_ml" numeric(8, 2) NOT NULL,
	"step_amount" numeric(10, 4) NOT NULL,
	"note" varchar(200),
	CONSTRAINT "vaping_duty_rates_kind_ck" CHECK (kind in ('federal', 'additional')),
	CONSTRAINT "vaping_duty_rates_jurisdiction_ck" CHECK (("vaping_duty_rates"."kind" = 'federal') = ("vaping_duty_rates"."stamp_jurisdiction_id" is null)),
	CONSTRAINT "vaping_duty_rates_shape_ck" CHECK ("vaping_duty_rates"."first_tier_ml" >= 0 and "vaping_duty_rates"."first_step_ml" > 0 and "vaping_duty_rates"."step_ml" > 0
        and "vaping_duty_rates"."first_step_amount" >= 0 and "vaping_duty_rates"."step_amount" >= 0)
);
--> statement-breakpoint
ALTER TABLE "sales_order_line_duties" ADD CONSTRAINT "sales_order_line_duties_sales_order_line_id_sales_order_lines_id_fk" FOREIGN KEY ("sales_order_line_id") REFERENCES "public"."sales_order_lines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_order_line_duties" ADD CONSTRAINT "sales_order_line_duties_federal_duty_rate_id_vaping_duty_rates_id_fk" FOREIGN KEY ("federal_duty_rate_id") REFERENCES "public"."vaping_duty_rates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_order_line_duties" ADD CONSTRAINT "sales_order_line_duties_provincial_duty_rate_id_vaping_duty_rates_id_fk" FOREIGN KEY ("provincial_duty_rate_id") REFERENCES "public"."vaping_duty_rates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vaping_duty_rates" ADD CONSTRAINT "vaping_duty_rates_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vaping_duty_rates" ADD CONSTRAINT "vaping_duty_rates_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vaping_duty_rates" ADD CONSTRAINT "vaping_duty_rates_stamp_jurisdiction_id_parameters_id_fk" FOREIGN KEY ("stamp_jurisdiction_id") REFERENCES "public"."parameters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "vaping_duty_rates_start_uk" ON "vaping_duty_rates" USING btree ("kind",coalesce("stamp_jurisdiction_id", 0),"effective_from");
CREATE TABLE "rd_projects" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"seq" bigint DEFAULT nextval('change_seq') NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" bigint,
	"number" varchar(20),
	"title" varchar(160) NOT NULL,
	"requester_id" bigint,
	"customer_id" bigint,
	"brand_id" bigint,
	"flavor_profile" varchar(500),
	"target_nicotine_mg" numeric(10, 3),
	"target_vg_pct" numeric(7, 4),
	"target_date" date,
	"priority" varchar(30) DEFAULT 'normal' NOT NULL,
	"status" varchar(30) DEFAULT 'draft' NOT NULL,
	"submitted_by" bigint,
	"note" varchar(500),
	CONSTRAINT "rd_projects_number_uk" UNIQUE("number"),
	CONSTRAINT "rd_projects_status_ck" CHECK (status in ('draft', 'submitted', 'approved', 'rejected', 'in_development', 'completed', 'on_hold', 'cancelled')),
	CONSTRAINT "rd_projects_priority_ck" CHECK (priority in ('low', 'normal', 'high', 'urgent')),
	CONSTRAINT "rd_projects_targets_ck" CHECK (("rd_projects"."target_nicotine_mg" is null or "rd_projects"."target_nicotine_mg" >= 0)
        and ("rd_projects"."target_vg_pct" is null or ("rd_projects"."target_vg_pct" >= 0 and "rd_projects"."target_vg_pct" <= 100)))
);
--> statement-breakpoint
CREATE TABLE "rd_sample_evaluations" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"seq" bigint DEFAULT nextval('change_seq') NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" bigint,
	"rd_sample_id" bigint NOT NULL,
	"evaluator_id" bigint NOT NULL,
	"score" integer NOT NULL,
	"verdict" varchar(30) NOT NULL,
	"comments" text,
	CONSTRAINT "rd_sample_evaluations_score_ck" CHECK ("rd_sample_evaluations"."score" between 1 and 10),
	CONSTRAINT "rd_sample_evaluations_verdict_ck" CHECK (verdict in ('approve', 'revise', 'reject'))
);
--> statement-breakpoint
CREATE TABLE "rd_sample_ingredients" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"seq" bigint DEFAULT nextval('change_seq') NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" bigint,
	"rd_sample_id" bigint NOT NULL,
	"product_id" bigint NOT NULL,
	"pct" numeric(7, 4) DEFAULT '0' NOT NULL,
	"is_fill" boolean DEFAULT false NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "rd_sample_ingredients_uk" UNIQUE("rd_sample_id","product_id"),
	CONSTRAINT "rd_sample_ingredients_pct_ck" CHECK ("rd_sample_ingredients"."pct" >= 0 and "rd_sample_ingredients"."pct" <= 100)
);
--> statement-breakpoint
CREATE TABLE "rd_sample_specifications" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"seq" bigint DEFAULT nextval('change_seq') NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" bigint,
	"rd_sample_id" bigint NOT NULL,
	"nicotine_mg" numeric(10, 3),
	"nicotine_type" varchar(30),
	"vg_pct" numeric(7, 4),
	"pg_pct" numeric(7, 4),
	"density_g_ml" numeric(6, 4),
	"color" varchar(60),
	"appearance" varchar(120),
	"sensory_notes" varchar(1000),
	"flashpoint_c" numeric(5, 1),
	"hplc_category_id" bigint,
	"shelf_life_days" integer,
	"approved_by" bigint,
	CONSTRAINT "rd_sample_specifications_sample_uk" UNIQUE("rd_sample_id"),
	CONSTRAINT "rd_sample_specifications_nicotine_type_ck" CHECK ("rd_sample_specifications"."nicotine_type" is null or nicotine_type in ('freebase', 'salt')),
	CONSTRAINT "rd_sample_specifications_pg_vg_ck" CHECK (coalesce("rd_sample_specifications"."vg_pct", 0) + coalesce("rd_sample_specifications"."pg_pct", 0) <= 100
        and coalesce("rd_sample_specifications"."vg_pct", 0) >= 0 and coalesce("rd_sample_specifications"."pg_pct", 0) >= 0),
	CONSTRAINT "rd_sample_specifications_shelf_life_ck" CHECK ("rd_sample_specifications"."shelf_life_days" is null or "rd_sample_specifications"."shelf_life_days" > 0)
);
--> statement-breakpoint
CREATE TABLE "rd_samples" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"seq" bigint DEFAULT nextval('change_seq') NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" bigint,
	"number" varchar(20) NOT NULL,
	"rd_project_id" bigint NOT NULL,
	"parent_sample_id" bigint,
	"iteration" integer NOT NULL,
	"flavorist_id" bigint,
	"batch_size_ml" numeric(14, 2) DEFAULT '100' NOT NULL,
	"due_date" date,
	"status" varchar(30) DEFAULT 'requested' NOT NULL,
	"note" varchar(500),
	CONSTRAINT "rd_samples_number_uk" UNIQUE("number"),
	CONSTRAINT "rd_samples_project_iteration_uk" UNIQUE("rd_project_id","iteration"),
	CONSTRAINT "rd_samples_status_ck" CHECK (status in ('requested', 'in_preparation', 'prepared', 'sent', 'in_evaluation', 'feedback_received', 'approved', 'rejected', 'revision_requested', 'cancelled')),
	CONSTRAINT "rd_samples_iteration_ck" CHECK ("rd_samples"."iteration" >= 1),
	CONSTRAINT "rd_samples_batch_ck" CHECK ("rd_samples"."batch_size_ml" > 0)
);
--> statement-breakpoint
ALTER TABLE "rd_projects" ADD CONSTRAINT "rd_projects_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rd_projects" ADD CONSTRAINT "rd_projects_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rd_projects" ADD CONSTRAINT "rd_projects_requester_id_users_id_fk" FOREIGN KEY ("requester_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rd_projects" ADD CONSTRAINT "rd_projects_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rd_projects" ADD CONSTRAINT "rd_projects_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rd_projects" ADD CONSTRAINT "rd_projects_submitted_by_users_id_fk" FOREIGN KEY ("submitted_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rd_sample_evaluations" ADD CONSTRAINT "rd_sample_evaluations_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rd_sample_evaluations" ADD CONSTRAINT "rd_sample_evaluations_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rd_sample_evaluations" ADD CONSTRAINT "rd_sample_evaluations_rd_sample_id_rd_samples_id_fk" FOREIGN KEY ("rd_sample_id") REFERENCES "public"."rd_samples"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rd_sample_evaluations" ADD CONSTRAINT "rd_sample_evaluations_evaluator_id_users_id_fk" FOREIGN KEY ("evaluator_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rd_sample_ingredients" ADD CONSTRAINT "rd_sample_ingredients_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rd_sample_ingredients" ADD CONSTRAINT "rd_sample_ingredients_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rd_sample_ingredients" ADD CONSTRAINT "rd_sample_ingredients_rd_sample_id_rd_samples_id_fk" FOREIGN KEY ("rd_sample_id") REFERENCES "public"."rd_samples"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rd_sample_ingredients" ADD CONSTRAINT "rd_sample_ingredients_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rd_sample_specifications" ADD CONSTRAINT "rd_sample_specifications_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rd_sample_specifications" ADD CONSTRAINT "rd_sample_specifications_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rd_sample_specifications" ADD CONSTRAINT "rd_sample_specifications_rd_sample_id_rd_samples_id_fk" FOREIGN KEY ("rd_sample_id") REFERENCES "public"."rd_samples"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rd_sample_specifications" ADD CONSTRAINT "rd_sample_specifications_hplc_category_id_hplc_categories_id_fk" FOREIGN KEY ("hplc_category_id") REFERENCES "public"."hplc_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rd_sample_specifications" ADD CONSTRAINT "rd_sample_specifications_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rd_samples" ADD CONSTRAINT "rd_samples_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rd_samples" ADD CONSTRAINT "rd_samples_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rd_samples" ADD CONSTRAINT "rd_samples_rd_project_id_rd_projects_id_fk" FOREIGN KEY ("rd_project_id") REFERENCES "public"."rd_projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rd_samples" ADD CONSTRAINT "rd_samples_parent_sample_id_rd_samples_id_fk" FOREIGN KEY ("parent_sample_id") REFERENCES "public"."rd_samples"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rd_samples" ADD CONSTRAINT "rd_samples_flavorist_id_users_id_fk" FOREIGN KEY ("flavorist_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rd_sample_evaluations_sample_idx" ON "rd_sample_evaluations" USING btree ("rd_sample_id");--> statement-breakpoint
CREATE INDEX "rd_samples_parent_idx" ON "rd_samples" USING btree ("parent_sample_id");--> statement-breakpoint
ALTER TABLE "recipes" ADD CONSTRAINT "recipes_rd_sample_id_rd_samples_id_fk" FOREIGN KEY ("rd_sample_id") REFERENCES "public"."rd_samples"("id") ON DELETE no action ON UPDATE no action;
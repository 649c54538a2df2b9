CREATE TABLE "recipe_ingredients" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"seq" bigint DEFAULT nextval('change_seq') NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" bigint,
	"recipe_id" bigint NOT NULL,
	"product_id" bigint NOT NULL,
	"percentage" numeric(7, 4) DEFAULT '0' NOT NULL,
	"is_fill" boolean DEFAULT false NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "recipe_ingredients_recipe_product_uk" UNIQUE("recipe_id","product_id"),
	CONSTRAINT "recipe_ingredients_pct_ck" CHECK ("recipe_ingredients"."percentage" >= 0 and "recipe_ingredients"."percentage" <= 100)
);
--> statement-breakpoint
CREATE TABLE "recipes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"seq" bigint DEFAULT nextval('change_seq') NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" bigint,
	"code" varchar(30) NOT NULL,
	"recipe_version" integer,
	"name" varchar(120),
	"product_id" bigint NOT NULL,
	"target_nicotine_mg" numeric(10, 3) DEFAULT '0' NOT NULL,
	"basis" varchar(10) DEFAULT 'v_v' NOT NULL,
	"batch_basis_ml" numeric(12, 2) DEFAULT '1000' NOT NULL,
	"status" varchar(30) DEFAULT 'draft' NOT NULL,
	"submitted_by" bigint,
	"approved_by" bigint,
	"approved_at" timestamp with time zone,
	"rd_sample_id" bigint,
	"note" varchar(500),
	CONSTRAINT "recipes_code_version_uk" UNIQUE("code","recipe_version"),
	CONSTRAINT "recipes_status_ck" CHECK (status in ('draft', 'pending_approval', 'approved', 'archived')),
	CONSTRAINT "recipes_basis_ck" CHECK (basis in ('v_v', 'w_w')),
	CONSTRAINT "recipes_batch_ck" CHECK ("recipes"."batch_basis_ml" > 0),
	CONSTRAINT "recipes_nicotine_ck" CHECK ("recipes"."target_nicotine_mg" >= 0)
);
--> statement-breakpoint
ALTER TABLE "recipe_ingredients" ADD CONSTRAINT "recipe_ingredients_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recipe_ingredients" ADD CONSTRAINT "recipe_ingredients_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recipe_ingredients" ADD CONSTRAINT "recipe_ingredients_recipe_id_recipes_id_fk" FOREIGN KEY ("recipe_id") REFERENCES "public"."recipes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recipe_ingredients" ADD CONSTRAINT "recipe_ingredients_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recipes" ADD CONSTRAINT "recipes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recipes" ADD CONSTRAINT "recipes_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recipes" ADD CONSTRAINT "recipes_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recipes" ADD CONSTRAINT "recipes_submitted_by_users_id_fk" FOREIGN KEY ("submitted_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recipes" ADD CONSTRAINT "recipes_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "recipe_ingredients_recipe_idx" ON "recipe_ingredients" USING btree ("recipe_id");--> statement-breakpoint
CREATE UNIQUE INDEX "recipes_one_approved_uk" ON "recipes" USING btree ("code") WHERE "recipes"."status" = 'approved';
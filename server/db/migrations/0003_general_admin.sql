CREATE TABLE "account_mappings" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"seq" bigint DEFAULT nextval('change_seq') NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" bigint,
	"mapping_key" varchar(60) NOT NULL,
	"category_id" bigint,
	"location_id" bigint,
	"gl_account_id" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gl_accounts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"seq" bigint DEFAULT nextval('change_seq') NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" bigint,
	"code" varchar(20) NOT NULL,
	"name" varchar(120) NOT NULL,
	"type" varchar(30) NOT NULL,
	"parent_id" bigint,
	"is_postable" boolean DEFAULT true NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "gl_accounts_code_unique" UNIQUE("code"),
	CONSTRAINT "gl_accounts_type_ck" CHECK (type in ('asset', 'liability', 'equity', 'revenue', 'cogs', 'expense'))
);
--> statement-breakpoint
CREATE TABLE "tax_setup_lines" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tax_setup_id" bigint NOT NULL,
	"tax_code" varchar(3) NOT NULL,
	"rate" numeric(7, 4) NOT NULL,
	"compound" boolean DEFAULT false NOT NULL,
	"gl_account_id" bigint,
	CONSTRAINT "tax_setup_lines_tax_code_uk" UNIQUE("tax_setup_id","tax_code"),
	CONSTRAINT "tax_setup_lines_tax_code_ck" CHECK (tax_code in ('GST', 'HST', 'PST', 'QST')),
	CONSTRAINT "tax_setup_lines_rate_ck" CHECK ("tax_setup_lines"."rate" >= 0 and "tax_setup_lines"."rate" <= 100)
);
--> statement-breakpoint
CREATE TABLE "tax_setups" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"seq" bigint DEFAULT nextval('change_seq') NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" bigint,
	"name" varchar(80) NOT NULL,
	"province_id" bigint NOT NULL,
	"effective_from" date NOT NULL,
	"effective_to" date,
	CONSTRAINT "tax_setups_effective_to_ck" CHECK ("tax_setups"."effective_to" is null or "tax_setups"."effective_to" >= "tax_setups"."effective_from")
);
--> statement-breakpoint
CREATE TABLE "customer_addresses" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"customer_id" bigint NOT NULL,
	"kind" varchar(4) NOT NULL,
	"address" varchar(255) NOT NULL,
	"province_id" bigint,
	"postal_code" varchar(7) NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	CONSTRAINT "customer_addresses_kind_ck" CHECK (kind in ('bill', 'ship')),
	CONSTRAINT "customer_addresses_postal_code_ck" CHECK ("customer_addresses"."postal_code" ~ '^[A-Z][0-9][A-Z] [0-9][A-Z][0-9]$')
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"seq" bigint DEFAULT nextval('change_seq') NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" bigint,
	"code" varchar(30) NOT NULL,
	"name" varchar(120) NOT NULL,
	"type" varchar(30) NOT NULL,
	"price_tier_id" bigint,
	"currency_id" bigint NOT NULL,
	"tax_setup_id" bigint,
	"payment_terms_days" integer DEFAULT 30 NOT NULL,
	"credit_limit" numeric(14, 2) DEFAULT '0' NOT NULL,
	"vape_licence_no" varchar(40),
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "customers_code_unique" UNIQUE("code"),
	CONSTRAINT "customers_type_ck" CHECK (type in ('retail', 'wholesale', 'distributor', 'online')),
	CONSTRAINT "customers_terms_ck" CHECK ("customers"."payment_terms_days" >= 0),
	CONSTRAINT "customers_credit_limit_ck" CHECK ("customers"."credit_limit" >= 0)
);
--> statement-breakpoint
CREATE TABLE "taggables" (
	"tag_id" bigint NOT NULL,
	"taggable_type" varchar(40) NOT NULL,
	"taggable_id" bigint NOT NULL,
	CONSTRAINT "taggables_tag_id_taggable_type_taggable_id_pk" PRIMARY KEY("tag_id","taggable_type","taggable_id")
);
--> statement-breakpoint
CREATE TABLE "tags" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"seq" bigint DEFAULT nextval('change_seq') NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" bigint,
	"name" varchar(60) NOT NULL,
	"color" varchar(7) DEFAULT '#409EFF' NOT NULL,
	CONSTRAINT "tags_name_unique" UNIQUE("name")
);
--> statement-breakpoint
ALTER TABLE "account_mappings" ADD CONSTRAINT "account_mappings_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_mappings" ADD CONSTRAINT "account_mappings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_mappings" ADD CONSTRAINT "account_mappings_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_mappings" ADD CONSTRAINT "account_mappings_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_mappings" ADD CONSTRAINT "account_mappings_gl_account_id_gl_accounts_id_fk" FOREIGN KEY ("gl_account_id") REFERENCES "public"."gl_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gl_accounts" ADD CONSTRAINT "gl_accounts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gl_accounts" ADD CONSTRAINT "gl_accounts_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gl_accounts" ADD CONSTRAINT "gl_accounts_parent_id_gl_accounts_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."gl_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_setup_lines" ADD CONSTRAINT "tax_setup_lines_tax_setup_id_tax_setups_id_fk" FOREIGN KEY ("tax_setup_id") REFERENCES "public"."tax_setups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_setup_lines" ADD CONSTRAINT "tax_setup_lines_gl_account_id_gl_accounts_id_fk" FOREIGN KEY ("gl_account_id") REFERENCES "public"."gl_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_setups" ADD CONSTRAINT "tax_setups_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_setups" ADD CONSTRAINT "tax_setups_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_setups" ADD CONSTRAINT "tax_setups_province_id_provinces_id_fk" FOREIGN KEY ("province_id") REFERENCES "public"."provinces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_addresses" ADD CONSTRAINT "customer_addresses_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_addresses" ADD CONSTRAINT "customer_addresses_province_id_provinces_id_fk" FOREIGN KEY ("province_id") REFERENCES "public"."provinces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_currency_id_currencies_id_fk" FOREIGN KEY ("currency_id") REFERENCES "public"."currencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_tax_setup_id_tax_setups_id_fk" FOREIGN KEY ("tax_setup_id") REFERENCES "public"."tax_setups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "taggables" ADD CONSTRAINT "taggables_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tags" ADD CONSTRAINT "tags_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tags" ADD CONSTRAINT "tags_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "account_mappings_mapping_key_uk" ON "account_mappings" USING btree ("mapping_key",coalesce("category_id", 0),coalesce("location_id", 0));--> statement-breakpoint
CREATE INDEX "tax_setups_province_idx" ON "tax_setups" USING btree ("province_id");--> statement-breakpoint
CREATE UNIQUE INDEX "customer_addresses_is_default_uk" ON "customer_addresses" USING btree ("customer_id","kind") WHERE "customer_addresses"."is_default";
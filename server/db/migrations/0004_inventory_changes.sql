CREATE TABLE "document_sequences" (
	"doc_type" varchar(30) PRIMARY KEY NOT NULL,
	"prefix" varchar(10) NOT NULL,
	"next_value" integer DEFAULT 1 NOT NULL,
	"pad" integer DEFAULT 5 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "price_tier_prices" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"seq" bigint DEFAULT nextval('change_seq') NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" bigint,
	"price_tier_id" bigint NOT NULL,
	"product_id" bigint NOT NULL,
	"min_qty" numeric(14, 3) DEFAULT '1' NOT NULL,
	"unit_price" numeric(14, 4) NOT NULL,
	"valid_from" date NOT NULL,
	"valid_to" date,
	CONSTRAINT "price_tier_prices_break_uk" UNIQUE("price_tier_id","product_id","min_qty","valid_from"),
	CONSTRAINT "price_tier_prices_price_ck" CHECK ("price_tier_prices"."unit_price" >= 0 and "price_tier_prices"."min_qty" >= 0),
	CONSTRAINT "price_tier_prices_window_ck" CHECK ("price_tier_prices"."valid_to" is null or "price_tier_prices"."valid_to" >= "price_tier_prices"."valid_from")
);
--> statement-breakpoint
CREATE TABLE "price_tiers" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"seq" bigint DEFAULT nextval('change_seq') NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" bigint,
	"code" varchar(30) NOT NULL,
	"name" varchar(120) NOT NULL,
	"currency_id" bigint NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "price_tiers_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "product_bins" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"seq" bigint DEFAULT nextval('change_seq') NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" bigint,
	"product_id" bigint NOT NULL,
	"bin_id" bigint NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"min_qty" numeric(14, 3),
	"max_qty" numeric(14, 3),
	CONSTRAINT "product_bins_product_bin_uk" UNIQUE("product_id","bin_id"),
	CONSTRAINT "product_bins_qty_ck" CHECK ("product_bins"."max_qty" is null or "product_bins"."min_qty" is null or "product_bins"."max_qty" >= "product_bins"."min_qty")
);
--> statement-breakpoint
CREATE TABLE "product_change_logs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"seq" bigint DEFAULT nextval('change_seq') NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"product_id" bigint NOT NULL,
	"request_id" bigint,
	"field" varchar(60) NOT NULL,
	"old_value" text,
	"new_value" text,
	"approved_by" bigint
);
--> statement-breakpoint
CREATE TABLE "product_change_requests" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"seq" bigint DEFAULT nextval('change_seq') NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" bigint,
	"change_set_id" bigint NOT NULL,
	"product_id" bigint,
	"action" varchar(30) NOT NULL,
	"proposed" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"base_version" integer,
	"status" varchar(30) DEFAULT 'draft' NOT NULL,
	"review_note" text,
	"requested_by" bigint NOT NULL,
	"reviewed_by" bigint,
	"reviewed_at" timestamp with time zone,
	CONSTRAINT "product_change_requests_action_ck" CHECK (action in ('create', 'update', 'deactivate')),
	CONSTRAINT "product_change_requests_status_ck" CHECK (status in ('draft', 'submitted', 'changes_requested', 'applied', 'rejected', 'withdrawn'))
);
--> statement-breakpoint
CREATE TABLE "product_change_sets" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"seq" bigint DEFAULT nextval('change_seq') NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" bigint,
	"number" varchar(20) NOT NULL,
	"title" varchar(160) NOT NULL,
	"source" varchar(30) DEFAULT 'manual' NOT NULL,
	CONSTRAINT "product_change_sets_number_unique" UNIQUE("number"),
	CONSTRAINT "product_change_sets_source_ck" CHECK (source in ('manual', 'import'))
);
--> statement-breakpoint
CREATE TABLE "status_transitions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"seq" bigint DEFAULT nextval('change_seq') NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"entity_type" varchar(60) NOT NULL,
	"entity_id" bigint NOT NULL,
	"from_status" varchar(30),
	"to_status" varchar(30) NOT NULL,
	"event" varchar(60) NOT NULL,
	"reason" text,
	"payload" jsonb
);
--> statement-breakpoint
ALTER TABLE "price_tier_prices" ADD CONSTRAINT "price_tier_prices_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_tier_prices" ADD CONSTRAINT "price_tier_prices_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_tier_prices" ADD CONSTRAINT "price_tier_prices_price_tier_id_price_tiers_id_fk" FOREIGN KEY ("price_tier_id") REFERENCES "public"."price_tiers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_tier_prices" ADD CONSTRAINT "price_tier_prices_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_tiers" ADD CONSTRAINT "price_tiers_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_tiers" ADD CONSTRAINT "price_tiers_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_tiers" ADD CONSTRAINT "price_tiers_currency_id_currencies_id_fk" FOREIGN KEY ("currency_id") REFERENCES "public"."currencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_bins" ADD CONSTRAINT "product_bins_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_bins" ADD CONSTRAINT "product_bins_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_bins" ADD CONSTRAINT "product_bins_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_bins" ADD CONSTRAINT "product_bins_bin_id_bins_id_fk" FOREIGN KEY ("bin_id") REFERENCES "public"."bins"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_change_logs" ADD CONSTRAINT "product_change_logs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_change_logs" ADD CONSTRAINT "product_change_logs_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_change_logs" ADD CONSTRAINT "product_change_logs_request_id_product_change_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."product_change_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_change_logs" ADD CONSTRAINT "product_change_logs_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_change_requests" ADD CONSTRAINT "product_change_requests_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_change_requests" ADD CONSTRAINT "product_change_requests_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_change_requests" ADD CONSTRAINT "product_change_requests_change_set_id_product_change_sets_id_fk" FOREIGN KEY ("change_set_id") REFERENCES "public"."product_change_sets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_change_requests" ADD CONSTRAINT "product_change_requests_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_change_requests" ADD CONSTRAINT "product_change_requests_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_change_requests" ADD CONSTRAINT "product_change_requests_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_change_sets" ADD CONSTRAINT "product_change_sets_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_change_sets" ADD CONSTRAINT "product_change_sets_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "status_transitions" ADD CONSTRAINT "status_transitions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "price_tier_prices_product_idx" ON "price_tier_prices" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "price_tiers_is_default_uk" ON "price_tiers" USING btree ("is_default") WHERE "price_tiers"."is_default";--> statement-breakpoint
CREATE INDEX "product_bins_bin_idx" ON "product_bins" USING btree ("bin_id");--> statement-breakpoint
CREATE INDEX "product_change_logs_product_idx" ON "product_change_logs" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "product_change_requests_set_idx" ON "product_change_requests" USING btree ("change_set_id");--> statement-breakpoint
CREATE INDEX "product_change_requests_product_idx" ON "product_change_requests" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "status_transitions_entity_idx" ON "status_transitions" USING btree ("entity_type","entity_id");
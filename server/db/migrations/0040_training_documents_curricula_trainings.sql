CREATE TABLE "training_categories" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"seq" bigint DEFAULT nextval('change_seq') NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" bigint,
	"code" varchar(40) NOT NULL,
	"name" varchar(120) NOT NULL,
	CONSTRAINT "training_categories_code_uk" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "training_documents" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"seq" bigint DEFAULT nextval('change_seq') NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" bigint,
	"code" varchar(40) NOT NULL,
	"revision" integer DEFAULT 1 NOT NULL,
	"title" varchar(200) NOT NULL,
	"category_id" bigint,
	"attachment_id" bigint,
	"effective_date" date,
	"review_due_date" date,
	"status" varchar(30) DEFAULT 'draft' NOT NULL,
	"note" varchar(500),
	CONSTRAINT "training_documents_code_revision_uk" UNIQUE("code","revision"),
	CONSTRAINT "training_documents_status_ck" CHECK (status in ('draft', 'approved', 'effective', 'superseded', 'obsolete')),
	CONSTRAINT "training_documents_revision_ck" CHECK ("training_documents"."revision" >= 1)
);
--> statement-breakpoint
CREATE TABLE "training_logs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"seq" bigint DEFAULT nextval('change_seq') NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"training_id" bigint NOT NULL,
	"event" varchar(30) NOT NULL,
	"note" varchar(500),
	"signature" varchar(120),
	CONSTRAINT "training_logs_event_ck" CHECK (event in ('assigned', 'signed', 'completed', 'failed', 'verified', 'reassigned', 'cancelled', 'overdue', 'retraining'))
);
--> statement-breakpoint
CREATE TABLE "training_project_documents" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"seq" bigint DEFAULT nextval('change_seq') NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" bigint,
	"training_project_id" bigint NOT NULL,
	"training_document_id" bigint NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "training_project_documents_uk" UNIQUE("training_project_id","training_document_id")
);
--> statement-breakpoint
CREATE TABLE "training_projects" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"seq" bigint DEFAULT nextval('change_seq') NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" bigint,
	"code" varchar(40) NOT NULL,
	"name" varchar(120) NOT NULL,
	"category_id" bigint,
	"role_id" bigint NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "training_projects_code_uk" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "trainings" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"seq" bigint DEFAULT nextval('change_seq') NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" bigint,
	"training_project_id" bigint,
	"training_document_id" bigint NOT NULL,
	"document_revision" integer NOT NULL,
	"trainee_id" bigint NOT NULL,
	"trainer_id" bigint,
	"due_date" date NOT NULL,
	"status" varchar(30) DEFAULT 'assigned' NOT NULL,
	"score" numeric(5, 2),
	"pass_mark" numeric(5, 2),
	"signed_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"verified_by" bigint,
	"verified_at" timestamp with time zone,
	"cancel_reason" varchar(500),
	CONSTRAINT "trainings_trainee_document_revision_uk" UNIQUE("trainee_id","training_document_id","document_revision"),
	CONSTRAINT "trainings_status_ck" CHECK (status in ('assigned', 'in_progress', 'overdue', 'completed', 'failed', 'verified', 'cancelled')),
	CONSTRAINT "trainings_score_ck" CHECK ("trainings"."score" is null or ("trainings"."score" >= 0 and "trainings"."score" <= 100)),
	CONSTRAINT "trainings_verifier_ck" CHECK ("trainings"."verified_by" is null or "trainings"."trainer_id" is null or "trainings"."verified_by" <> "trainings"."trainer_id")
);
--> statement-breakpoint
ALTER TABLE "training_categories" ADD CONSTRAINT "training_categories_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_categories" ADD CONSTRAINT "training_categories_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_documents" ADD CONSTRAINT "training_documents_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_documents" ADD CONSTRAINT "training_documents_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_documents" ADD CONSTRAINT "training_documents_category_id_training_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."training_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_documents" ADD CONSTRAINT "training_documents_attachment_id_attachments_id_fk" FOREIGN KEY ("attachment_id") REFERENCES "public"."attachments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_logs" ADD CONSTRAINT "training_logs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_logs" ADD CONSTRAINT "training_logs_training_id_trainings_id_fk" FOREIGN KEY ("training_id") REFERENCES "public"."trainings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_project_documents" ADD CONSTRAINT "training_project_documents_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_project_documents" ADD CONSTRAINT "training_project_documents_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_project_documents" ADD CONSTRAINT "training_project_documents_training_project_id_training_projects_id_fk" FOREIGN KEY ("training_project_id") REFERENCES "public"."training_projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_project_documents" ADD CONSTRAINT "training_project_documents_training_document_id_training_documents_id_fk" FOREIGN KEY ("training_document_id") REFERENCES "public"."training_documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_projects" ADD CONSTRAINT "training_projects_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_projects" ADD CONSTRAINT "training_projects_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_projects" ADD CONSTRAINT "training_projects_category_id_training_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."training_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_projects" ADD CONSTRAINT "training_projects_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trainings" ADD CONSTRAINT "trainings_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trainings" ADD CONSTRAINT "trainings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trainings" ADD CONSTRAINT "trainings_training_project_id_training_projects_id_fk" FOREIGN KEY ("training_project_id") REFERENCES "public"."training_projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trainings" ADD CONSTRAINT "trainings_training_document_id_training_documents_id_fk" FOREIGN KEY ("training_document_id") REFERENCES "public"."training_documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trainings" ADD CONSTRAINT "trainings_trainee_id_users_id_fk" FOREIGN KEY ("trainee_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trainings" ADD CONSTRAINT "trainings_trainer_id_users_id_fk" FOREIGN KEY ("trainer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trainings" ADD CONSTRAINT "trainings_verified_by_users_id_fk" FOREIGN KEY ("verified_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "training_documents_category_idx" ON "training_documents" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "training_logs_training_idx" ON "training_logs" USING btree ("training_id");--> statement-breakpoint
CREATE INDEX "training_project_documents_document_idx" ON "training_project_documents" USING btree ("training_document_id");--> statement-breakpoint
CREATE INDEX "training_projects_role_idx" ON "training_projects" USING btree ("role_id");--> statement-breakpoint
CREATE INDEX "trainings_status_due_idx" ON "trainings" USING btree ("status","due_date");--> statement-breakpoint
CREATE INDEX "trainings_document_idx" ON "trainings" USING btree ("training_document_id");
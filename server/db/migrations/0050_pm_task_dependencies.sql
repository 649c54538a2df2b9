CREATE TABLE "pm_task_dependencies" (
	"task_id" bigint NOT NULL,
	"predecessor_id" bigint NOT NULL,
	CONSTRAINT "pm_task_dependencies_task_id_predecessor_id_pk" PRIMARY KEY("task_id","predecessor_id"),
	CONSTRAINT "pm_task_dependencies_self_ck" CHECK ("pm_task_dependencies"."task_id" <> "pm_task_dependencies"."predecessor_id")
);
--> statement-breakpoint
ALTER TABLE "pm_task_dependencies" ADD CONSTRAINT "pm_task_dependencies_task_id_pm_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."pm_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pm_task_dependencies" ADD CONSTRAINT "pm_task_dependencies_predecessor_id_pm_tasks_id_fk" FOREIGN KEY ("predecessor_id") REFERENCES "public"."pm_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pm_task_dependencies_predecessor_idx" ON "pm_task_dependencies" USING btree ("predecessor_id");
CREATE TABLE "job_tasks" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"state" varchar(10) DEFAULT 'PENDING' NOT NULL,
	"unique_key" varchar(200),
	"requested_by" integer,
	"current" integer DEFAULT 0 NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"status" text,
	"result" jsonb,
	"error" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "job_tasks" ADD CONSTRAINT "job_tasks_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "job_tasks_open_key" ON "job_tasks" USING btree ("name","unique_key") WHERE "job_tasks"."unique_key" IS NOT NULL AND "job_tasks"."state" IN ('PENDING', 'PROGRESS');
--> statement-breakpoint
CREATE INDEX "job_tasks_open_idx" ON "job_tasks" USING btree ("state") WHERE "job_tasks"."state" IN ('PENDING', 'PROGRESS');
--> statement-breakpoint
CREATE TABLE "demo_institutions" (
	"institution_id" integer PRIMARY KEY NOT NULL,
	"source_institution_id" integer,
	"job_id" uuid NOT NULL,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "demo_institutions" ADD CONSTRAINT "demo_institutions_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "demo_institutions" ADD CONSTRAINT "demo_institutions_source_institution_id_institutions_id_fk" FOREIGN KEY ("source_institution_id") REFERENCES "public"."institutions"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "demo_institutions_job_idx" ON "demo_institutions" USING btree ("job_id");

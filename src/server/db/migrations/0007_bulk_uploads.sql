CREATE TABLE "bulk_upload_rows" (
	"upload_id" uuid NOT NULL,
	"row" integer NOT NULL,
	"label" varchar(300) DEFAULT '' NOT NULL,
	"error" text NOT NULL,
	"errors" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"cells" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "bulk_upload_rows_upload_id_row_pk" PRIMARY KEY("upload_id","row")
);
--> statement-breakpoint
CREATE TABLE "bulk_uploads" (
	"id" uuid PRIMARY KEY NOT NULL,
	"institution_id" integer,
	"user_id" integer,
	"kind" varchar(30) NOT NULL,
	"file_name" varchar(255) NOT NULL,
	"host" varchar(255) DEFAULT '' NOT NULL,
	"lang" varchar(2) DEFAULT 'en' NOT NULL,
	"school_id" integer,
	"year_id" integer,
	"class_id" integer,
	"headers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"stored_file" varchar(60),
	"job_id" uuid,
	"state" varchar(10) DEFAULT 'PENDING' NOT NULL,
	"total_rows" integer DEFAULT 0 NOT NULL,
	"processed_rows" integer DEFAULT 0 NOT NULL,
	"success_count" integer DEFAULT 0 NOT NULL,
	"error_count" integer DEFAULT 0 NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "bulk_upload_rows" ADD CONSTRAINT "bulk_upload_rows_upload_id_bulk_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."bulk_uploads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_uploads" ADD CONSTRAINT "bulk_uploads_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_uploads" ADD CONSTRAINT "bulk_uploads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bulk_uploads_owner_idx" ON "bulk_uploads" USING btree ("user_id","kind","created_at");
CREATE TABLE "miscue_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"institution_id" integer,
	"code" varchar(40) NOT NULL,
	"display_name" varchar(100) NOT NULL,
	"arabic_display_name" varchar(100) NOT NULL,
	"color_code" varchar(7) NOT NULL,
	"counts_as_error" boolean NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "miscue_types" ADD CONSTRAINT "miscue_types_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "miscue_types_code_key" ON "miscue_types" USING btree (coalesce("institution_id", 0),"code");
--> statement-breakpoint
CREATE TABLE "sittings" (
	"id" serial PRIMARY KEY NOT NULL,
	"institution_id" integer NOT NULL,
	"school_id" integer NOT NULL,
	"class_id" integer NOT NULL,
	"academic_year_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"assessment_id" integer NOT NULL,
	"teacher_id" integer,
	"created_in_device_at" timestamp with time zone NOT NULL,
	"duration_seconds" integer NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"audio_file" varchar(100),
	"audio_type" varchar(60),
	"direction" varchar(3) DEFAULT 'ltr' NOT NULL,
	"total_question" integer NOT NULL,
	"total_attempted" integer NOT NULL,
	"total_correct" integer NOT NULL,
	"error_count" integer NOT NULL,
	"self_correction_count" integer NOT NULL,
	"accuracy" numeric(5, 2) NOT NULL,
	"score" integer NOT NULL,
	"wcpm" numeric(7, 1) NOT NULL,
	"error_rate" integer,
	"self_correction_ratio" integer,
	"band" varchar(20) NOT NULL,
	"scoring_version" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sittings" ADD CONSTRAINT "sittings_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "sittings" ADD CONSTRAINT "sittings_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "sittings" ADD CONSTRAINT "sittings_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "sittings" ADD CONSTRAINT "sittings_academic_year_id_academic_years_id_fk" FOREIGN KEY ("academic_year_id") REFERENCES "public"."academic_years"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "sittings" ADD CONSTRAINT "sittings_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "sittings" ADD CONSTRAINT "sittings_assessment_id_assessments_id_fk" FOREIGN KEY ("assessment_id") REFERENCES "public"."assessments"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "sittings" ADD CONSTRAINT "sittings_teacher_id_users_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "sittings_class_year_assessment_idx" ON "sittings" USING btree ("class_id","academic_year_id","assessment_id");
--> statement-breakpoint
CREATE INDEX "sittings_class_day_idx" ON "sittings" USING btree ("class_id","created_in_device_at");
--> statement-breakpoint
CREATE INDEX "sittings_school_day_idx" ON "sittings" USING btree ("school_id","created_in_device_at");
--> statement-breakpoint
CREATE INDEX "sittings_institution_day_idx" ON "sittings" USING btree ("institution_id","created_in_device_at");
--> statement-breakpoint
CREATE INDEX "sittings_student_day_idx" ON "sittings" USING btree ("student_id","created_in_device_at");
--> statement-breakpoint
CREATE INDEX "sittings_assessment_idx" ON "sittings" USING btree ("assessment_id");
--> statement-breakpoint
CREATE TABLE "sitting_marks" (
	"sitting_id" integer NOT NULL,
	"word_index" integer NOT NULL,
	"miscue_type_id" integer NOT NULL,
	"self_corrected" boolean DEFAULT false NOT NULL,
	"counted_type_id" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sitting_marks" ADD CONSTRAINT "sitting_marks_sitting_id_sittings_id_fk" FOREIGN KEY ("sitting_id") REFERENCES "public"."sittings"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "sitting_marks" ADD CONSTRAINT "sitting_marks_miscue_type_id_miscue_types_id_fk" FOREIGN KEY ("miscue_type_id") REFERENCES "public"."miscue_types"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "sitting_marks" ADD CONSTRAINT "sitting_marks_counted_type_id_miscue_types_id_fk" FOREIGN KEY ("counted_type_id") REFERENCES "public"."miscue_types"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "sitting_marks_sitting_type_idx" ON "sitting_marks" USING btree ("sitting_id","counted_type_id");

-- A reading's record is evidence (ADR 0112): the database refuses to delete an institution, school, class,
-- academic year or student while a sitting refers to it (the services refuse first, naming how many), and an
-- explicit removal leaves who, when and why in sitting_removals.
ALTER TABLE "sittings" DROP CONSTRAINT "sittings_institution_id_institutions_id_fk";--> statement-breakpoint
ALTER TABLE "sittings" DROP CONSTRAINT "sittings_school_id_schools_id_fk";--> statement-breakpoint
ALTER TABLE "sittings" DROP CONSTRAINT "sittings_class_id_classes_id_fk";--> statement-breakpoint
ALTER TABLE "sittings" DROP CONSTRAINT "sittings_academic_year_id_academic_years_id_fk";--> statement-breakpoint
ALTER TABLE "sittings" DROP CONSTRAINT "sittings_student_id_students_id_fk";--> statement-breakpoint
ALTER TABLE "sittings" ADD CONSTRAINT "sittings_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sittings" ADD CONSTRAINT "sittings_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sittings" ADD CONSTRAINT "sittings_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sittings" ADD CONSTRAINT "sittings_academic_year_id_academic_years_id_fk" FOREIGN KEY ("academic_year_id") REFERENCES "public"."academic_years"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sittings" ADD CONSTRAINT "sittings_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE TABLE "sitting_removals" (
	"id" serial PRIMARY KEY NOT NULL,
	"institution_id" integer NOT NULL,
	"school_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"sitting_id" integer NOT NULL,
	"sitting" jsonb NOT NULL,
	"audio_file" varchar(100),
	"removed_by" integer,
	"removed_by_name" varchar(400) NOT NULL,
	"removed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reason" text NOT NULL
);--> statement-breakpoint
ALTER TABLE "sitting_removals" ADD CONSTRAINT "sitting_removals_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sitting_removals" ADD CONSTRAINT "sitting_removals_removed_by_users_id_fk" FOREIGN KEY ("removed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sitting_removals_institution_idx" ON "sitting_removals" USING btree ("institution_id","removed_at");--> statement-breakpoint
-- The year list's in-use check and the year key's RESTRICT look sittings up by year.
CREATE INDEX "sittings_year_idx" ON "sittings" USING btree ("academic_year_id");

CREATE TABLE "assessment_clients" (
	"assessment_id" integer NOT NULL,
	"institution_id" integer NOT NULL,
	CONSTRAINT "assessment_clients_assessment_id_institution_id_pk" PRIMARY KEY("assessment_id","institution_id")
);
--> statement-breakpoint
CREATE TABLE "assessment_levels" (
	"assessment_id" integer NOT NULL,
	"level_id" integer NOT NULL,
	CONSTRAINT "assessment_levels_assessment_id_level_id_pk" PRIMARY KEY("assessment_id","level_id")
);
--> statement-breakpoint
CREATE TABLE "assessment_libraries" (
	"id" serial PRIMARY KEY NOT NULL,
	"display_name" varchar(200) NOT NULL,
	"is_report" boolean DEFAULT false NOT NULL,
	"is_global" boolean DEFAULT false NOT NULL,
	"switches" varchar(500) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "assessment_library_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"library_id" integer NOT NULL,
	"display_name" varchar(200) NOT NULL,
	"in_parent_report" boolean DEFAULT false NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "assessment_type_content_types" (
	"assessment_type_id" integer NOT NULL,
	"content_display_type_id" integer NOT NULL,
	CONSTRAINT "assessment_type_content_types_assessment_type_id_content_display_type_id_pk" PRIMARY KEY("assessment_type_id","content_display_type_id")
);
--> statement-breakpoint
CREATE TABLE "assessment_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(40) NOT NULL,
	"skill_type_id" integer NOT NULL,
	"parent_type_id" integer,
	"display_name" varchar(100) NOT NULL,
	"arabic_display_name" varchar(100) NOT NULL,
	CONSTRAINT "assessment_types_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "assessments" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" varchar(200) NOT NULL,
	"subject_id" integer NOT NULL,
	"language_title" varchar(200) DEFAULT '' NOT NULL,
	"skill_type_id" integer NOT NULL,
	"assessment_type_id" integer NOT NULL,
	"parent_id" integer,
	"content_display_type_id" integer NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"pdf_file" varchar(100),
	"pdf_name" varchar(255),
	"duration" varchar(8) NOT NULL,
	"level_names" varchar(1000) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "content_display_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(20) NOT NULL,
	"display_name" varchar(100) NOT NULL,
	"arabic_display_name" varchar(100) NOT NULL,
	CONSTRAINT "content_display_types_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "levels" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(20) NOT NULL,
	"display_name" varchar(100) NOT NULL,
	"arabic_display_name" varchar(100) NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "levels_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "library_entry_assessments" (
	"entry_id" integer NOT NULL,
	"assessment_id" integer NOT NULL,
	CONSTRAINT "library_entry_assessments_entry_id_assessment_id_pk" PRIMARY KEY("entry_id","assessment_id")
);
--> statement-breakpoint
CREATE TABLE "report_template_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"template_id" integer NOT NULL,
	"library_entry_id" integer,
	"display_name" varchar(200) NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(200) NOT NULL,
	"title" varchar(200) DEFAULT '' NOT NULL,
	"library_id" integer NOT NULL,
	"report_type" integer NOT NULL,
	"report_scope" integer NOT NULL,
	"switches" varchar(500) DEFAULT '' NOT NULL,
	"saved_file" varchar(100),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "skill_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(40) NOT NULL,
	"subject_id" integer NOT NULL,
	"display_name" varchar(100) NOT NULL,
	"arabic_display_name" varchar(100) NOT NULL,
	CONSTRAINT "skill_types_code_unique" UNIQUE("code")
);
--> statement-breakpoint
ALTER TABLE "assessment_clients" ADD CONSTRAINT "assessment_clients_assessment_id_assessments_id_fk" FOREIGN KEY ("assessment_id") REFERENCES "public"."assessments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_clients" ADD CONSTRAINT "assessment_clients_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_levels" ADD CONSTRAINT "assessment_levels_assessment_id_assessments_id_fk" FOREIGN KEY ("assessment_id") REFERENCES "public"."assessments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_levels" ADD CONSTRAINT "assessment_levels_level_id_levels_id_fk" FOREIGN KEY ("level_id") REFERENCES "public"."levels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_library_entries" ADD CONSTRAINT "assessment_library_entries_library_id_assessment_libraries_id_fk" FOREIGN KEY ("library_id") REFERENCES "public"."assessment_libraries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_type_content_types" ADD CONSTRAINT "assessment_type_content_types_assessment_type_id_assessment_types_id_fk" FOREIGN KEY ("assessment_type_id") REFERENCES "public"."assessment_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_type_content_types" ADD CONSTRAINT "assessment_type_content_types_content_display_type_id_content_display_types_id_fk" FOREIGN KEY ("content_display_type_id") REFERENCES "public"."content_display_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_types" ADD CONSTRAINT "assessment_types_skill_type_id_skill_types_id_fk" FOREIGN KEY ("skill_type_id") REFERENCES "public"."skill_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessments" ADD CONSTRAINT "assessments_subject_id_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subjects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessments" ADD CONSTRAINT "assessments_skill_type_id_skill_types_id_fk" FOREIGN KEY ("skill_type_id") REFERENCES "public"."skill_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessments" ADD CONSTRAINT "assessments_assessment_type_id_assessment_types_id_fk" FOREIGN KEY ("assessment_type_id") REFERENCES "public"."assessment_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessments" ADD CONSTRAINT "assessments_content_display_type_id_content_display_types_id_fk" FOREIGN KEY ("content_display_type_id") REFERENCES "public"."content_display_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_entry_assessments" ADD CONSTRAINT "library_entry_assessments_entry_id_assessment_library_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."assessment_library_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_entry_assessments" ADD CONSTRAINT "library_entry_assessments_assessment_id_assessments_id_fk" FOREIGN KEY ("assessment_id") REFERENCES "public"."assessments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_template_entries" ADD CONSTRAINT "report_template_entries_template_id_report_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."report_templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_template_entries" ADD CONSTRAINT "report_template_entries_library_entry_id_assessment_library_entries_id_fk" FOREIGN KEY ("library_entry_id") REFERENCES "public"."assessment_library_entries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_templates" ADD CONSTRAINT "report_templates_library_id_assessment_libraries_id_fk" FOREIGN KEY ("library_id") REFERENCES "public"."assessment_libraries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "skill_types" ADD CONSTRAINT "skill_types_subject_id_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subjects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "assessment_clients_institution_idx" ON "assessment_clients" USING btree ("institution_id");--> statement-breakpoint
CREATE INDEX "library_entries_library_idx" ON "assessment_library_entries" USING btree ("library_id");--> statement-breakpoint
CREATE INDEX "assessments_type_idx" ON "assessments" USING btree ("assessment_type_id");--> statement-breakpoint
CREATE INDEX "assessments_parent_idx" ON "assessments" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "template_entries_template_idx" ON "report_template_entries" USING btree ("template_id");
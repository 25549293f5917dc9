CREATE TABLE "institution_scoring_profiles" (
	"institution_id" integer NOT NULL,
	"language" varchar(2) NOT NULL,
	"profile_id" integer NOT NULL,
	CONSTRAINT "institution_scoring_profiles_institution_id_language_pk" PRIMARY KEY("institution_id","language")
);
--> statement-breakpoint
CREATE TABLE "scoring_profile_versions" (
	"profile_id" integer NOT NULL,
	"version" integer NOT NULL,
	"rules" jsonb NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "scoring_profile_versions_profile_id_version_pk" PRIMARY KEY("profile_id","version")
);
--> statement-breakpoint
CREATE TABLE "scoring_profiles" (
	"id" serial PRIMARY KEY NOT NULL,
	"institution_id" integer,
	"code" varchar(40),
	"display_name" varchar(100) NOT NULL,
	"arabic_display_name" varchar(100) NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"rules" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "miscue_types" ADD COLUMN "language" varchar(2);--> statement-breakpoint
ALTER TABLE "miscue_types" ADD COLUMN "scoring_class" varchar(20);--> statement-breakpoint
ALTER TABLE "miscue_types" ADD COLUMN "active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "miscue_types" ADD COLUMN "updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "sittings" ADD COLUMN "scoring_profile_id" integer;--> statement-breakpoint
ALTER TABLE "sittings" ADD COLUMN "scoring_profile_version" integer;--> statement-breakpoint
ALTER TABLE "institution_scoring_profiles" ADD CONSTRAINT "institution_scoring_profiles_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "institution_scoring_profiles" ADD CONSTRAINT "institution_scoring_profiles_profile_id_scoring_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."scoring_profiles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scoring_profile_versions" ADD CONSTRAINT "scoring_profile_versions_profile_id_scoring_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."scoring_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scoring_profile_versions" ADD CONSTRAINT "scoring_profile_versions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scoring_profiles" ADD CONSTRAINT "scoring_profiles_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "scoring_profiles_builtin_code_key" ON "scoring_profiles" USING btree ("code") WHERE "scoring_profiles"."institution_id" is null;--> statement-breakpoint
CREATE INDEX "scoring_profiles_institution_idx" ON "scoring_profiles" USING btree ("institution_id");--> statement-breakpoint
ALTER TABLE "sittings" ADD CONSTRAINT "sittings_scoring_profile_id_scoring_profiles_id_fk" FOREIGN KEY ("scoring_profile_id") REFERENCES "public"."scoring_profiles"("id") ON DELETE no action ON UPDATE no action;
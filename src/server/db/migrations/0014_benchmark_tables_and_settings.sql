CREATE TABLE "benchmark_settings" (
	"institution_id" integer PRIMARY KEY NOT NULL,
	"seasons" jsonb DEFAULT '{"boy":"08-01","moy":"12-01","eoy":"03-01"}'::jsonb NOT NULL,
	"digits" varchar(4) DEFAULT 'latn' NOT NULL,
	"table_en" varchar(40) DEFAULT 'dibels8',
	"table_ar" varchar(40),
	"expected_levels" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "benchmark_tables" (
	"id" serial PRIMARY KEY NOT NULL,
	"institution_id" integer NOT NULL,
	"name" varchar(200) NOT NULL,
	"source" varchar(500) NOT NULL,
	"year" integer NOT NULL,
	"language" varchar(2) NOT NULL,
	"rows" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "benchmark_settings" ADD CONSTRAINT "benchmark_settings_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "benchmark_tables" ADD CONSTRAINT "benchmark_tables_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "benchmark_tables_institution_idx" ON "benchmark_tables" USING btree ("institution_id");
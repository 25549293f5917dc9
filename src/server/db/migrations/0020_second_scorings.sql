CREATE TABLE "second_scorings" (
	"id" serial PRIMARY KEY NOT NULL,
	"institution_id" integer NOT NULL,
	"sitting_id" integer NOT NULL,
	"scored_by" integer,
	"scored_by_name" varchar(400) NOT NULL,
	"scored_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sitting_version" integer NOT NULL,
	"marks" jsonb NOT NULL,
	"figures" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "second_scorings" ADD CONSTRAINT "second_scorings_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "second_scorings" ADD CONSTRAINT "second_scorings_sitting_id_sittings_id_fk" FOREIGN KEY ("sitting_id") REFERENCES "public"."sittings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "second_scorings" ADD CONSTRAINT "second_scorings_scored_by_users_id_fk" FOREIGN KEY ("scored_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "second_scorings_sitting_scorer_key" ON "second_scorings" USING btree ("sitting_id","scored_by");
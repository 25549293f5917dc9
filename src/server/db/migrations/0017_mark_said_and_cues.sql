CREATE TABLE "cue_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"institution_id" integer,
	"code" varchar(40) NOT NULL,
	"display_name" varchar(100) NOT NULL,
	"arabic_display_name" varchar(100) NOT NULL,
	"short_name" varchar(4) NOT NULL,
	"arabic_short_name" varchar(4) NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"language" varchar(2),
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sitting_marks" ADD COLUMN "said" varchar(60);--> statement-breakpoint
ALTER TABLE "sitting_marks" ADD COLUMN "cues" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "cue_categories" ADD CONSTRAINT "cue_categories_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cue_categories_code_key" ON "cue_categories" USING btree (coalesce("institution_id", 0),"code");
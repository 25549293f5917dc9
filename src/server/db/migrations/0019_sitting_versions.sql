CREATE TABLE "sitting_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"sitting_id" integer NOT NULL,
	"version" integer NOT NULL,
	"kind" varchar(20) NOT NULL,
	"made_by" integer,
	"made_by_name" varchar(400) NOT NULL,
	"made_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reason" text NOT NULL,
	"before" jsonb NOT NULL,
	"after" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sittings" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "sittings" ADD COLUMN "voided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sittings" ADD COLUMN "void_reason" text;--> statement-breakpoint
ALTER TABLE "sitting_versions" ADD CONSTRAINT "sitting_versions_sitting_id_sittings_id_fk" FOREIGN KEY ("sitting_id") REFERENCES "public"."sittings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sitting_versions" ADD CONSTRAINT "sitting_versions_made_by_users_id_fk" FOREIGN KEY ("made_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sitting_versions_sitting_version_key" ON "sitting_versions" USING btree ("sitting_id","version");
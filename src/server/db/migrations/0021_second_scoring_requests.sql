CREATE TABLE "second_scoring_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"institution_id" integer NOT NULL,
	"sitting_id" integer NOT NULL,
	"scorer_id" integer NOT NULL,
	"asked_by" integer,
	"asked_by_name" varchar(400) NOT NULL,
	"asked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"done_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "second_scorings" ADD COLUMN "settled_version" integer;--> statement-breakpoint
ALTER TABLE "second_scorings" ADD COLUMN "settled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "second_scoring_requests" ADD CONSTRAINT "second_scoring_requests_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "second_scoring_requests" ADD CONSTRAINT "second_scoring_requests_sitting_id_sittings_id_fk" FOREIGN KEY ("sitting_id") REFERENCES "public"."sittings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "second_scoring_requests" ADD CONSTRAINT "second_scoring_requests_scorer_id_users_id_fk" FOREIGN KEY ("scorer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "second_scoring_requests" ADD CONSTRAINT "second_scoring_requests_asked_by_users_id_fk" FOREIGN KEY ("asked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "second_scoring_requests_sitting_scorer_key" ON "second_scoring_requests" USING btree ("sitting_id","scorer_id");--> statement-breakpoint
CREATE INDEX "second_scoring_requests_scorer_idx" ON "second_scoring_requests" USING btree ("scorer_id","done_at");
ALTER TABLE "sitting_marks" ADD COLUMN "words" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "sitting_marks" ADD COLUMN "proper_noun" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sitting_marks" ADD COLUMN "letter_index" integer;--> statement-breakpoint
ALTER TABLE "sittings" ADD COLUMN "fluency_error_count" integer;--> statement-breakpoint
UPDATE "sittings" SET "fluency_error_count" = "error_count";--> statement-breakpoint
ALTER TABLE "sittings" ALTER COLUMN "fluency_error_count" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "sittings" ADD COLUMN "text_level" varchar(10);--> statement-breakpoint
ALTER TABLE "sittings" ADD COLUMN "scored_flags" jsonb;

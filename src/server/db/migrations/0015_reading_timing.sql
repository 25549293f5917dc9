ALTER TABLE "sitting_marks" ADD COLUMN "hesitated" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sitting_marks" ADD COLUMN "skipped_line" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sittings" ADD COLUMN "reading_gaps" jsonb;--> statement-breakpoint
ALTER TABLE "sittings" ADD COLUMN "bracket_word" integer;--> statement-breakpoint
ALTER TABLE "sittings" ADD COLUMN "discontinued" boolean DEFAULT false NOT NULL;
ALTER TABLE "sittings" ALTER COLUMN "wcpm" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "sittings" ALTER COLUMN "band" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "assessments" ADD COLUMN "comprehension" jsonb;--> statement-breakpoint
ALTER TABLE "sittings" ADD COLUMN "clpm" numeric(7, 1);--> statement-breakpoint
ALTER TABLE "sittings" ADD COLUMN "kind" varchar(20) DEFAULT 'passage' NOT NULL;--> statement-breakpoint
ALTER TABLE "sittings" ADD COLUMN "comprehension" jsonb;--> statement-breakpoint
ALTER TABLE "sittings" ADD COLUMN "comprehension_score" integer;--> statement-breakpoint
ALTER TABLE "sittings" ADD COLUMN "comprehension_max" integer;--> statement-breakpoint
ALTER TABLE "sittings" ADD COLUMN "level_decision" varchar(20);
DROP INDEX "sitting_marks_sitting_type_idx";--> statement-breakpoint
CREATE INDEX "sitting_marks_sitting_type_idx" ON "sitting_marks" USING btree ("sitting_id","counted_type_id","cues");
-- Trigram indexes for the lists' "contains" search need pg_trgm (bundled with PGlite and PostgreSQL's contrib).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "classes_grade_idx" ON "classes" USING btree ("grade_id");--> statement-breakpoint
CREATE INDEX "classes_section_idx" ON "classes" USING btree ("section_id");--> statement-breakpoint
CREATE INDEX "classes_identifier_trgm" ON "classes" USING gin ("identifier" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "classes_display_name_trgm" ON "classes" USING gin ("display_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "grades_identifier_trgm" ON "grades" USING gin ("identifier" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "grades_display_name_trgm" ON "grades" USING gin ("display_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "sections_identifier_trgm" ON "sections" USING gin ("identifier" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "sections_display_name_trgm" ON "sections" USING gin ("display_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "students_name_trgm" ON "students" USING gin (("first_name" || ' ' || "last_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "students_first_name_trgm" ON "students" USING gin ("first_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "students_last_name_trgm" ON "students" USING gin ("last_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "students_arabic_name_trgm" ON "students" USING gin ("arabic_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "students_enrollment_code_trgm" ON "students" USING gin ("enrollment_code" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_first_name_trgm" ON "users" USING gin ("first_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_last_name_trgm" ON "users" USING gin ("last_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_email_trgm" ON "users" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
-- The server keeps token, tenant and school look-ups in memory (src/server/lib/access-cache.ts, ADR 0101).
-- Any change that could end or narrow a user's access, made by any copy of the server or by hand in SQL,
-- tells every copy at commit through NOTIFY miscue_access, and each forgets what it kept about it.
CREATE FUNCTION miscue_access_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  r record := coalesce(NEW, OLD);
BEGIN
  IF TG_TABLE_NAME IN ('auth_tokens', 'user_schools') THEN
    PERFORM pg_notify('miscue_access', 'user:' || r.user_id);
  ELSIF TG_TABLE_NAME = 'users' THEN
    PERFORM pg_notify('miscue_access', 'user:' || r.id);
  ELSIF TG_TABLE_NAME = 'schools' THEN
    PERFORM pg_notify('miscue_access', 'school:' || r.id);
  ELSIF TG_TABLE_NAME = 'institutions' THEN
    PERFORM pg_notify('miscue_access', 'institution:' || r.id);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER auth_tokens_access AFTER UPDATE OR DELETE ON auth_tokens FOR EACH ROW EXECUTE FUNCTION miscue_access_changed();--> statement-breakpoint
CREATE TRIGGER users_access AFTER UPDATE OR DELETE ON users FOR EACH ROW EXECUTE FUNCTION miscue_access_changed();--> statement-breakpoint
CREATE TRIGGER user_schools_access AFTER INSERT OR UPDATE OR DELETE ON user_schools FOR EACH ROW EXECUTE FUNCTION miscue_access_changed();--> statement-breakpoint
CREATE TRIGGER schools_access AFTER UPDATE OR DELETE ON schools FOR EACH ROW EXECUTE FUNCTION miscue_access_changed();--> statement-breakpoint
CREATE TRIGGER institutions_access AFTER INSERT OR UPDATE OR DELETE ON institutions FOR EACH ROW EXECUTE FUNCTION miscue_access_changed();

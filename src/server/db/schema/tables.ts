import { sql } from 'drizzle-orm'
import { boolean, date, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core'
import type { ComprehensionStep } from '../../../shared/reports/comprehension'

const timestamps = {
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}

export const institutions = pgTable('institutions', {
  id: serial('id').primaryKey(),
  organization_name: varchar('organization_name', { length: 200 }).notNull(),
  subdomain_name: varchar('subdomain_name', { length: 63 }).notNull(),
  domain_url: varchar('domain_url', { length: 255 }),
  account_number: varchar('account_number', { length: 100 }),
  acronym: varchar('acronym', { length: 10 }).notNull(),
  about: text('about'),
  country: varchar('country', { length: 2 }),
  state: varchar('state', { length: 100 }),
  city: varchar('city', { length: 100 }),
  zipcode: varchar('zipcode', { length: 10 }),
  student_id_validation_type: varchar('student_id_validation_type', { length: 40 }).notNull().default('EMIRATES_ID_OR_TEMPORARY'),
  student_id_custom_regex: varchar('student_id_custom_regex', { length: 500 }),
  student_id_custom_description: varchar('student_id_custom_description', { length: 200 }),
  has_multiple_school: boolean('has_multiple_school').notNull().default(true),
  is_active: boolean('is_active').notNull().default(true),
  ...timestamps,
}, (t) => [uniqueIndex('institutions_subdomain_key').on(sql`lower(${t.subdomain_name})`)])

export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  /** Null for platform staff, who belong to no institution. */
  institution_id: integer('institution_id').references(() => institutions.id, { onDelete: 'cascade' }),
  username: varchar('username', { length: 150 }),
  email: varchar('email', { length: 254 }).notNull(),
  first_name: varchar('first_name', { length: 150 }).notNull(),
  last_name: varchar('last_name', { length: 150 }).notNull(),
  role: varchar('role', { length: 30 }).notNull(),
  phone_number: varchar('phone_number', { length: 30 }),
  known_languages: text('known_languages'),
  is_active: boolean('is_active').notNull().default(true),
  /** Null until the user sets a password through an invitation link. */
  password_hash: text('password_hash'),
  ...timestamps,
}, (t) => [
  uniqueIndex('users_email_key').on(sql`coalesce(${t.institution_id}, 0)`, sql`lower(${t.email})`),
  index('users_institution_idx').on(t.institution_id),
  // Trigram indexes serve the lists' case-insensitive "contains" search (ILIKE '%text%'; ADR 0101).
  index('users_first_name_trgm').using('gin', t.first_name.op('gin_trgm_ops')),
  index('users_last_name_trgm').using('gin', t.last_name.op('gin_trgm_ops')),
  index('users_email_trgm').using('gin', t.email.op('gin_trgm_ops')),
])

export const authTokens = pgTable('auth_tokens', {
  id: serial('id').primaryKey(),
  token_hash: varchar('token_hash', { length: 64 }).notNull().unique(),
  user_id: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  /** The institution whose host issued the token; null for the platform host. */
  institution_id: integer('institution_id').references(() => institutions.id, { onDelete: 'cascade' }),
  expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
  revoked_at: timestamp('revoked_at', { withTimezone: true }),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** Last request with this token (to the minute): a session idle for SESSION_IDLE_SECONDS ends. */
  last_used_at: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('auth_tokens_user_idx').on(t.user_id)])

export const passwordKeys = pgTable('password_keys', {
  id: serial('id').primaryKey(),
  key_hash: varchar('key_hash', { length: 64 }).notNull().unique(),
  user_id: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  purpose: varchar('purpose', { length: 10 }).notNull(),
  expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
  used_at: timestamp('used_at', { withTimezone: true }),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})

export const loginFailures = pgTable('login_failures', {
  id: serial('id').primaryKey(),
  /** `username|address`, lower-cased. */
  key: varchar('key', { length: 400 }).notNull(),
  at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('login_failures_key_idx').on(t.key, t.at)])

export const idempotencyKeys = pgTable('idempotency_keys', {
  /** Institution id, or 0 on the platform host. */
  scope: integer('scope').notNull(),
  key: varchar('key', { length: 200 }).notNull(),
  request_hash: varchar('request_hash', { length: 64 }).notNull(),
  /** Null while the first request is still running. */
  status: integer('status'),
  response_body: text('response_body'),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [primaryKey({ columns: [t.scope, t.key] }), index('idempotency_created_idx').on(t.created_at)])

export const schools = pgTable('schools', {
  id: serial('id').primaryKey(),
  institution_id: integer('institution_id').notNull().references(() => institutions.id, { onDelete: 'cascade' }),
  identifier: varchar('identifier', { length: 100 }).notNull(),
  display_name: varchar('display_name', { length: 200 }).notNull(),
  arabic_display_name: varchar('arabic_display_name', { length: 200 }).notNull(),
  phone_number: varchar('phone_number', { length: 20 }),
  country: varchar('country', { length: 2 }),
  state: varchar('state', { length: 100 }),
  city: varchar('city', { length: 100 }),
  street: varchar('street', { length: 100 }),
  zipcode: varchar('zipcode', { length: 10 }),
  ...timestamps,
}, (t) => [index('schools_institution_idx').on(t.institution_id)])

export const userSchools = pgTable('user_schools', {
  user_id: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  school_id: integer('school_id').notNull().references(() => schools.id, { onDelete: 'cascade' }),
}, (t) => [primaryKey({ columns: [t.user_id, t.school_id] })])

export const academicYears = pgTable('academic_years', {
  id: serial('id').primaryKey(),
  institution_id: integer('institution_id').notNull().references(() => institutions.id, { onDelete: 'cascade' }),
  display_name: varchar('display_name', { length: 20 }).notNull(),
  is_active: boolean('is_active').notNull().default(false),
  ...timestamps,
}, (t) => [index('academic_years_institution_idx').on(t.institution_id)])

export const grades = pgTable('grades', {
  id: serial('id').primaryKey(),
  institution_id: integer('institution_id').notNull().references(() => institutions.id, { onDelete: 'cascade' }),
  school_id: integer('school_id').notNull().references(() => schools.id, { onDelete: 'cascade' }),
  identifier: varchar('identifier', { length: 50 }).notNull(),
  display_name: varchar('display_name', { length: 100 }).notNull(),
  ...timestamps,
}, (t) => [
  index('grades_school_idx').on(t.institution_id, t.school_id),
  index('grades_identifier_trgm').using('gin', t.identifier.op('gin_trgm_ops')),
  index('grades_display_name_trgm').using('gin', t.display_name.op('gin_trgm_ops')),
])

export const sections = pgTable('sections', {
  id: serial('id').primaryKey(),
  institution_id: integer('institution_id').notNull().references(() => institutions.id, { onDelete: 'cascade' }),
  school_id: integer('school_id').notNull().references(() => schools.id, { onDelete: 'cascade' }),
  identifier: varchar('identifier', { length: 50 }).notNull(),
  display_name: varchar('display_name', { length: 100 }).notNull(),
  ...timestamps,
}, (t) => [
  index('sections_school_idx').on(t.institution_id, t.school_id),
  index('sections_identifier_trgm').using('gin', t.identifier.op('gin_trgm_ops')),
  index('sections_display_name_trgm').using('gin', t.display_name.op('gin_trgm_ops')),
])

/** Classes tie a grade and (optionally) a section together; grades and sections in use cannot be deleted. */
export const classes = pgTable('classes', {
  id: serial('id').primaryKey(),
  institution_id: integer('institution_id').notNull().references(() => institutions.id, { onDelete: 'cascade' }),
  school_id: integer('school_id').notNull().references(() => schools.id, { onDelete: 'cascade' }),
  grade_id: integer('grade_id').notNull().references(() => grades.id),
  section_id: integer('section_id').references(() => sections.id),
  identifier: varchar('identifier', { length: 50 }).notNull(),
  display_name: varchar('display_name', { length: 100 }).notNull(),
  ...timestamps,
}, (t) => [
  index('classes_school_idx').on(t.institution_id, t.school_id),
  // "Is this grade (section) in use?" answered with each catalog row of a list.
  index('classes_grade_idx').on(t.grade_id),
  index('classes_section_idx').on(t.section_id),
  index('classes_identifier_trgm').using('gin', t.identifier.op('gin_trgm_ops')),
  index('classes_display_name_trgm').using('gin', t.display_name.op('gin_trgm_ops')),
])

export const licences = pgTable('licences', {
  id: serial('id').primaryKey(),
  institution_id: integer('institution_id').notNull().references(() => institutions.id, { onDelete: 'cascade' }),
  from_date: date('from_date', { mode: 'string' }).notNull(),
  to_date: date('to_date', { mode: 'string' }).notNull(),
  purchase_quantity: integer('purchase_quantity').notNull(),
  ...timestamps,
}, (t) => [index('licences_institution_idx').on(t.institution_id)])

/** Subjects are reference data shared by all institutions; directions_code is the text direction of their content. */
export const subjects = pgTable('subjects', {
  id: serial('id').primaryKey(),
  code: varchar('code', { length: 40 }).notNull().unique(),
  display_name: varchar('display_name', { length: 100 }).notNull(),
  arabic_display_name: varchar('arabic_display_name', { length: 100 }).notNull(),
  directions_code: varchar('directions_code', { length: 3 }).notNull().default('ltr'),
})

export const classSubjects = pgTable('class_subjects', {
  class_id: integer('class_id').notNull().references(() => classes.id, { onDelete: 'cascade' }),
  subject_id: integer('subject_id').notNull().references(() => subjects.id),
}, (t) => [primaryKey({ columns: [t.class_id, t.subject_id] })])

/** Teachers are mapped to a class for one academic year. */
export const classTeachers = pgTable('class_teachers', {
  class_id: integer('class_id').notNull().references(() => classes.id, { onDelete: 'cascade' }),
  academic_year_id: integer('academic_year_id').notNull().references(() => academicYears.id, { onDelete: 'cascade' }),
  user_id: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
}, (t) => [primaryKey({ columns: [t.class_id, t.academic_year_id, t.user_id] })])

export const students = pgTable('students', {
  id: serial('id').primaryKey(),
  institution_id: integer('institution_id').notNull().references(() => institutions.id, { onDelete: 'cascade' }),
  school_id: integer('school_id').notNull().references(() => schools.id, { onDelete: 'cascade' }),
  first_name: varchar('first_name', { length: 150 }).notNull(),
  last_name: varchar('last_name', { length: 150 }).notNull(),
  arabic_name: varchar('arabic_name', { length: 300 }).notNull(),
  gender: varchar('gender', { length: 1 }),
  enrollment_code: varchar('enrollment_code', { length: 100 }).notNull(),
  user_field_1: varchar('user_field_1', { length: 200 }),
  user_field_2: varchar('user_field_2', { length: 200 }),
  user_field_3: varchar('user_field_3', { length: 200 }),
  user_field_4: varchar('user_field_4', { length: 200 }),
  is_active: boolean('is_active').notNull().default(true),
  ...timestamps,
}, (t) => [
  index('students_school_idx').on(t.institution_id, t.school_id),
  uniqueIndex('students_enrollment_key').on(t.institution_id, sql`lower(${t.enrollment_code})`),
  index('students_name_trgm').using('gin', sql`(${t.first_name} || ' ' || ${t.last_name}) gin_trgm_ops`),
  index('students_first_name_trgm').using('gin', t.first_name.op('gin_trgm_ops')),
  index('students_last_name_trgm').using('gin', t.last_name.op('gin_trgm_ops')),
  index('students_arabic_name_trgm').using('gin', t.arabic_name.op('gin_trgm_ops')),
  index('students_enrollment_code_trgm').using('gin', t.enrollment_code.op('gin_trgm_ops')),
])

/** A student's class in one academic year; the history across years is kept. */
export const studentClassRelations = pgTable('student_class_relations', {
  id: serial('id').primaryKey(),
  student_id: integer('student_id').notNull().references(() => students.id, { onDelete: 'cascade' }),
  class_id: integer('class_id').notNull().references(() => classes.id),
  academic_year_id: integer('academic_year_id').notNull().references(() => academicYears.id),
  is_active: boolean('is_active').notNull().default(true),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  index('scr_class_year_idx').on(t.class_id, t.academic_year_id),
  uniqueIndex('scr_student_year_key').on(t.student_id, t.academic_year_id),
])

// ---- Assessment content (issue "Assessment content"): reference data, assessments, libraries, templates ----

/** A reading skill of one subject (oral reading fluency, phonics, comprehension). Reference data. */
export const skillTypes = pgTable('skill_types', {
  id: serial('id').primaryKey(),
  code: varchar('code', { length: 40 }).notNull().unique(),
  subject_id: integer('subject_id').notNull().references(() => subjects.id),
  display_name: varchar('display_name', { length: 100 }).notNull(),
  arabic_display_name: varchar('arabic_display_name', { length: 100 }).notNull(),
})

/** How an assessment's content is shown: text or PDF. Reference data. */
export const contentDisplayTypes = pgTable('content_display_types', {
  id: serial('id').primaryKey(),
  code: varchar('code', { length: 20 }).notNull().unique(),
  display_name: varchar('display_name', { length: 100 }).notNull(),
  arabic_display_name: varchar('arabic_display_name', { length: 100 }).notNull(),
})

/** A kind of assessment under a skill; with a parent type its assessments belong to an assessment of that type. */
export const assessmentTypes = pgTable('assessment_types', {
  id: serial('id').primaryKey(),
  code: varchar('code', { length: 40 }).notNull().unique(),
  skill_type_id: integer('skill_type_id').notNull().references(() => skillTypes.id),
  parent_type_id: integer('parent_type_id'),
  display_name: varchar('display_name', { length: 100 }).notNull(),
  arabic_display_name: varchar('arabic_display_name', { length: 100 }).notNull(),
})

/** The content display types allowed for an assessment type. */
export const assessmentTypeContentTypes = pgTable('assessment_type_content_types', {
  assessment_type_id: integer('assessment_type_id').notNull().references(() => assessmentTypes.id, { onDelete: 'cascade' }),
  content_display_type_id: integer('content_display_type_id').notNull().references(() => contentDisplayTypes.id),
}, (t) => [primaryKey({ columns: [t.assessment_type_id, t.content_display_type_id] })])

/** Reading levels an assessment suits (KG1, KG2, Grade 1-6). Reference data. */
export const levels = pgTable('levels', {
  id: serial('id').primaryKey(),
  code: varchar('code', { length: 20 }).notNull().unique(),
  display_name: varchar('display_name', { length: 100 }).notNull(),
  arabic_display_name: varchar('arabic_display_name', { length: 100 }).notNull(),
  sort_order: integer('sort_order').notNull().default(0),
})

/** Platform content: written by platform admins, read by the institutions it is assigned to. */
export const assessments = pgTable('assessments', {
  id: serial('id').primaryKey(),
  title: varchar('title', { length: 200 }).notNull(),
  subject_id: integer('subject_id').notNull().references(() => subjects.id),
  language_title: varchar('language_title', { length: 200 }).notNull().default(''),
  skill_type_id: integer('skill_type_id').notNull().references(() => skillTypes.id),
  assessment_type_id: integer('assessment_type_id').notNull().references(() => assessmentTypes.id),
  parent_id: integer('parent_id'),
  content_display_type_id: integer('content_display_type_id').notNull().references(() => contentDisplayTypes.id),
  content: text('content').notNull().default(''),
  /** Random file name under DATA_DIR/files/assessments; null without a PDF. */
  pdf_file: varchar('pdf_file', { length: 100 }),
  pdf_name: varchar('pdf_name', { length: 255 }),
  /** "00:MM:SS" (minutes 0-10, seconds 0/15/30/45). */
  duration: varchar('duration', { length: 8 }).notNull(),
  /** Level names joined by ", " in level order, kept at each save so the list can search and order by them. */
  level_names: varchar('level_names', { length: 1000 }).notNull().default(''),
  /** Questions or a retell rubric scored after the reading (ADR 0122); null: none. */
  comprehension: jsonb('comprehension').$type<ComprehensionStep>(),
  ...timestamps,
}, (t) => [index('assessments_type_idx').on(t.assessment_type_id), index('assessments_parent_idx').on(t.parent_id)])

export const assessmentLevels = pgTable('assessment_levels', {
  assessment_id: integer('assessment_id').notNull().references(() => assessments.id, { onDelete: 'cascade' }),
  level_id: integer('level_id').notNull().references(() => levels.id),
}, (t) => [primaryKey({ columns: [t.assessment_id, t.level_id] })])

/** Which institutions (clients) have an assessment. */
export const assessmentClients = pgTable('assessment_clients', {
  assessment_id: integer('assessment_id').notNull().references(() => assessments.id, { onDelete: 'cascade' }),
  institution_id: integer('institution_id').notNull().references(() => institutions.id, { onDelete: 'cascade' }),
}, (t) => [primaryKey({ columns: [t.assessment_id, t.institution_id] }), index('assessment_clients_institution_idx').on(t.institution_id)])

/** A library groups assessments into entries; with is_report it is also a custom report type (100 + id). */
export const assessmentLibraries = pgTable('assessment_libraries', {
  id: serial('id').primaryKey(),
  display_name: varchar('display_name', { length: 200 }).notNull(),
  is_report: boolean('is_report').notNull().default(false),
  is_global: boolean('is_global').notNull().default(false),
  /** Comma-separated switches, e.g. "enableParentReport,comparative". */
  switches: varchar('switches', { length: 500 }).notNull().default(''),
  ...timestamps,
})

export const assessmentLibraryEntries = pgTable('assessment_library_entries', {
  id: serial('id').primaryKey(),
  library_id: integer('library_id').notNull().references(() => assessmentLibraries.id, { onDelete: 'cascade' }),
  display_name: varchar('display_name', { length: 200 }).notNull(),
  in_parent_report: boolean('in_parent_report').notNull().default(false),
  description: text('description').notNull().default(''),
  ...timestamps,
}, (t) => [index('library_entries_library_idx').on(t.library_id)])

export const libraryEntryAssessments = pgTable('library_entry_assessments', {
  entry_id: integer('entry_id').notNull().references(() => assessmentLibraryEntries.id, { onDelete: 'cascade' }),
  assessment_id: integer('assessment_id').notNull().references(() => assessments.id, { onDelete: 'cascade' }),
}, (t) => [primaryKey({ columns: [t.entry_id, t.assessment_id] })])

export const reportTemplates = pgTable('report_templates', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 200 }).notNull(),
  title: varchar('title', { length: 200 }).notNull().default(''),
  library_id: integer('library_id').notNull().references(() => assessmentLibraries.id),
  /** 1 common, 2 accurate, 6 tally, or 100 + the id of a report library. */
  report_type: integer('report_type').notNull(),
  /** 1 institution, 2 school, 3 class. */
  report_scope: integer('report_scope').notNull(),
  switches: varchar('switches', { length: 500 }).notNull().default(''),
  /** Random name of the last generated .xlsx under DATA_DIR/files/report-templates; null until downloaded. */
  saved_file: varchar('saved_file', { length: 100 }),
  ...timestamps,
})

export const reportTemplateEntries = pgTable('report_template_entries', {
  id: serial('id').primaryKey(),
  template_id: integer('template_id').notNull().references(() => reportTemplates.id, { onDelete: 'cascade' }),
  library_entry_id: integer('library_entry_id').references(() => assessmentLibraryEntries.id, { onDelete: 'set null' }),
  display_name: varchar('display_name', { length: 200 }).notNull(),
  position: integer('position').notNull().default(0),
}, (t) => [index('template_entries_template_idx').on(t.template_id)])
export * from './sittings'
export * from './jobs'
export * from './demo-institutions'
export * from './bulk-uploads'
export * from './benchmarks'
export * from './student-goals'

// Data out (issue 26, ADR 0125): the raw sittings and marks of a class, school or institution over a date range,
// one row per sitting and one per mark, for researchers. The same rows answer the paged API (JSON), the .xlsx
// (a sheet each) and the CSV files; the columns are defined once below with their English and Arabic headers.
import { sql, type SQL } from 'drizzle-orm'
import type { Db } from '../db/client'
import type { Lang, Text } from '../lib/messages'
import { dayRange, type ResolvedScope } from './report-scope'
import { COUNTED, num, query } from './sql'
import { buildWorkbook, safeText, type Cell } from './workbook'

/** Rows a page of the API answers. */
export const EXPORT_PAGE_SIZE = 500
/** Above this many sittings a file is built by the background job (the request answers 202 with the task). */
export const EXPORT_SYNC_SITTINGS = 2000

export type ExportKind = 'sittings' | 'marks'
export type ExportFormat = 'xlsx' | 'csv'

type Column<R> = { key: keyof R & string; header: Text }

export type SittingExportRow = {
  sitting_id: number; student_id: number; enrollment_code: string; student_name: string; arabic_name: string
  school_id: number; school_name: string; class_id: number; class_name: string; academic_year_id: number; academic_year: string
  assessment_id: number; passage: string; direction: string; read_at: string; recorded_at: string; teacher_id: number | null
  duration_seconds: number; total_question: number; total_attempted: number; total_correct: number; error_count: number
  fluency_error_count: number; self_correction_count: number; accuracy: number; score: number; wcpm: number
  error_rate: number | null; self_correction_ratio: number | null; band: string; text_level: string | null
  scoring_version: number; scoring_profile_id: number | null; scoring_profile_version: number | null; version: number
}

export type MarkExportRow = {
  sitting_id: number; student_id: number; read_at: string; word_index: number; letter_index: number | null
  miscue: string; counted_as: string; self_corrected: boolean; words: number; proper_noun: boolean
  hesitated: boolean; skipped_line: boolean; said: string | null; cues: string
}

const c = <R>(key: keyof R & string, en: string, ar: string): Column<R> => ({ key, header: { en, ar } })

export const SITTING_COLUMNS: Column<SittingExportRow>[] = [
  c('sitting_id', 'Sitting id', 'رقم الجلسة'), c('student_id', 'Student id', 'رقم الطالب'), c('enrollment_code', 'Enrollment code', 'رقم القيد'),
  c('student_name', 'Student', 'الطالب'), c('arabic_name', 'Arabic name', 'الاسم بالعربية'), c('school_id', 'School id', 'رقم المدرسة'),
  c('school_name', 'School', 'المدرسة'), c('class_id', 'Class id', 'رقم الفصل'), c('class_name', 'Class', 'الفصل'),
  c('academic_year_id', 'Academic year id', 'رقم العام الدراسي'), c('academic_year', 'Academic year', 'العام الدراسي'),
  c('assessment_id', 'Passage id', 'رقم النص'), c('passage', 'Passage', 'النص'), c('direction', 'Direction', 'الاتجاه'),
  c('read_at', 'Read at (UTC)', 'وقت القراءة (UTC)'), c('recorded_at', 'Received at (UTC)', 'وقت الاستلام (UTC)'), c('teacher_id', 'Teacher id', 'رقم المعلم'),
  c('duration_seconds', 'Seconds', 'الثواني'), c('total_question', 'Words in passage', 'كلمات النص'), c('total_attempted', 'Words reached', 'الكلمات المقروءة'),
  c('total_correct', 'Words correct', 'الكلمات الصحيحة'), c('error_count', 'Errors (accuracy)', 'الأخطاء (الدقة)'),
  c('fluency_error_count', 'Errors (WCPM)', 'الأخطاء (الطلاقة)'), c('self_correction_count', 'Self-corrections', 'التصحيحات الذاتية'),
  c('accuracy', 'Accuracy %', 'الدقة %'), c('score', 'Score', 'الدرجة'), c('wcpm', 'WCPM', 'الكلمات الصحيحة في الدقيقة'),
  c('error_rate', 'Error rate 1:', 'معدل الخطأ 1:'), c('self_correction_ratio', 'Self-correction ratio 1:', 'نسبة التصحيح الذاتي 1:'),
  c('band', 'Band', 'المستوى'), c('text_level', 'Text level', 'مستوى النص'), c('scoring_version', 'Scoring version', 'إصدار التصحيح'),
  c('scoring_profile_id', 'Scoring profile id', 'رقم ملف التصحيح'), c('scoring_profile_version', 'Scoring profile version', 'إصدار ملف التصحيح'),
  c('version', 'Record version', 'إصدار السجل'),
]

export const MARK_COLUMNS: Column<MarkExportRow>[] = [
  c('sitting_id', 'Sitting id', 'رقم الجلسة'), c('student_id', 'Student id', 'رقم الطالب'), c('read_at', 'Read at (UTC)', 'وقت القراءة (UTC)'),
  c('word_index', 'Word index', 'رقم الكلمة'), c('letter_index', 'Letter index', 'رقم الحرف'), c('miscue', 'Miscue', 'الخطأ'),
  c('counted_as', 'Counted as', 'يُحتسب'), c('self_corrected', 'Self-corrected', 'صُحّح ذاتيًا'), c('words', 'Words', 'الكلمات'),
  c('proper_noun', 'Proper noun', 'اسم علم'), c('hesitated', 'Hesitated', 'تردد'), c('skipped_line', 'Skipped line', 'سطر متروك'),
  c('said', 'What the child said', 'ما قاله الطفل'), c('cues', 'Cues (MSV)', 'الإشارات (MSV)'),
]

const iso = (value: unknown) => new Date(value as string).toISOString()

function sittingFrom(r: Record<string, unknown>): SittingExportRow {
  const n = (k: string) => num(r[k] as string)
  const nullable = (k: string) => (r[k] === null ? null : n(k))
  return {
    sitting_id: n('sitting_id'), student_id: n('student_id'), enrollment_code: String(r.enrollment_code), student_name: String(r.student_name),
    arabic_name: String(r.arabic_name), school_id: n('school_id'), school_name: String(r.school_name), class_id: n('class_id'),
    class_name: String(r.class_name), academic_year_id: n('academic_year_id'), academic_year: String(r.academic_year),
    assessment_id: n('assessment_id'), passage: String(r.passage), direction: String(r.direction), read_at: iso(r.read_at),
    recorded_at: iso(r.recorded_at), teacher_id: nullable('teacher_id'), duration_seconds: n('duration_seconds'),
    total_question: n('total_question'), total_attempted: n('total_attempted'), total_correct: n('total_correct'),
    error_count: n('error_count'), fluency_error_count: n('fluency_error_count'), self_correction_count: n('self_correction_count'),
    accuracy: n('accuracy'), score: n('score'), wcpm: n('wcpm'), error_rate: nullable('error_rate'),
    self_correction_ratio: nullable('self_correction_ratio'), band: String(r.band), text_level: (r.text_level as string | null) ?? null,
    scoring_version: n('scoring_version'), scoring_profile_id: nullable('scoring_profile_id'), scoring_profile_version: nullable('scoring_profile_version'),
    version: n('version'),
  }
}

function markFrom(r: Record<string, unknown>): MarkExportRow {
  const cues = Array.isArray(r.cues) ? (r.cues as string[]) : JSON.parse(String(r.cues ?? '[]')) as string[]
  return {
    sitting_id: num(r.sitting_id as string), student_id: num(r.student_id as string), read_at: iso(r.read_at), word_index: num(r.word_index as string),
    letter_index: r.letter_index === null ? null : num(r.letter_index as string), miscue: String(r.miscue), counted_as: String(r.counted_as),
    self_corrected: Boolean(r.self_corrected), words: num(r.words as string), proper_noun: Boolean(r.proper_noun),
    hesitated: Boolean(r.hesitated), skipped_line: Boolean(r.skipped_line), said: (r.said as string | null) ?? null, cues: cues.join(' '),
  }
}

export type ExportRange = { scope: ResolvedScope; from: string; to: string }
/** A voided sitting stays as evidence but is no valid reading: it is left out, with its marks (ADR 0123). */
const where = (r: ExportRange): SQL => sql`${r.scope.sittings} and ${dayRange(r.from, r.to)} and ${COUNTED}`
const window = (page: number | null) => (page === null ? sql`` : sql`limit ${EXPORT_PAGE_SIZE} offset ${(page - 1) * EXPORT_PAGE_SIZE}`)

export async function countExport(db: Db, r: ExportRange, kind: ExportKind): Promise<number> {
  const [row] = kind === 'sittings'
    ? await query<{ n: string }>(db, sql`select count(*) as n from sittings s where ${where(r)}`)
    : await query<{ n: string }>(db, sql`select count(*) as n from sitting_marks m join sittings s on s.id = m.sitting_id where ${where(r)}`)
  return num(row?.n ?? '0')
}

/** Sittings by id; `page` (from 1) answers EXPORT_PAGE_SIZE of them, null every one. */
export async function exportSittings(db: Db, r: ExportRange, page: number | null): Promise<SittingExportRow[]> {
  const rows = await query<Record<string, unknown>>(db, sql`
    select s.id as sitting_id, s.student_id, st.enrollment_code, st.first_name || ' ' || st.last_name as student_name, st.arabic_name,
      s.school_id, sc.display_name as school_name, s.class_id, cl.display_name as class_name, s.academic_year_id, y.display_name as academic_year,
      s.assessment_id, a.title as passage, s.direction, s.created_in_device_at as read_at, s.created_at as recorded_at, s.teacher_id,
      s.duration_seconds, s.total_question, s.total_attempted, s.total_correct, s.error_count, s.fluency_error_count, s.self_correction_count,
      s.accuracy, s.score, s.wcpm, s.error_rate, s.self_correction_ratio, s.band, s.text_level, s.scoring_version, s.scoring_profile_id, s.scoring_profile_version, s.version
    from sittings s
    join students st on st.id = s.student_id
    join schools sc on sc.id = s.school_id
    join classes cl on cl.id = s.class_id
    join academic_years y on y.id = s.academic_year_id
    join assessments a on a.id = s.assessment_id
    where ${where(r)}
    order by s.id ${window(page)}`)
  return rows.map(sittingFrom)
}

/** Marks by sitting, then word and letter; paged like exportSittings. */
export async function exportMarks(db: Db, r: ExportRange, page: number | null): Promise<MarkExportRow[]> {
  const rows = await query<Record<string, unknown>>(db, sql`
    select m.sitting_id, s.student_id, s.created_in_device_at as read_at, m.word_index, m.letter_index, mt.code as miscue, ct.code as counted_as,
      m.self_corrected, m.words, m.proper_noun, m.hesitated, m.skipped_line, m.said, m.cues
    from sitting_marks m
    join sittings s on s.id = m.sitting_id
    join miscue_types mt on mt.id = m.miscue_type_id
    join miscue_types ct on ct.id = m.counted_type_id
    where ${where(r)}
    order by m.sitting_id, m.word_index, m.letter_index nulls first, mt.code ${window(page)}`)
  return rows.map(markFrom)
}

function cellOf(value: unknown): Cell {
  if (value === null || value === undefined) return null
  if (typeof value === 'boolean') return value ? 1 : 0
  return value as Cell
}

function table<R>(columns: Column<R>[], rows: R[], lang: Lang): Cell[][] {
  return [columns.map((col) => col.header[lang]), ...rows.map((row) => columns.map((col) => cellOf(row[col.key])))]
}

/** RFC 4180 CSV with a byte-order mark (spreadsheets then read it as UTF-8); text a spreadsheet would run is quoted off. */
function csv(rows: Cell[][]): Buffer {
  const field = (v: Cell) => {
    const text = v === null ? '' : typeof v === 'string' ? safeText(v) : String(v)
    return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
  }
  return Buffer.from(`\uFEFF${rows.map((r) => r.map(field).join(',')).join('\r\n')}\r\n`, 'utf8')
}

export type ExportFile = { bytes: Buffer; filename: Text; contentType: string }

/** The .xlsx (a sheet of sittings, one of marks) or one CSV file of `kind`. */
export async function buildExportFile(db: Db, r: ExportRange, format: ExportFormat, kind: ExportKind, lang: Lang): Promise<ExportFile> {
  const label = r.scope.label.replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-|-$/g, '') || 'export'
  const base = { en: `sittings-${label}-${r.from}_${r.to}`, ar: `الجلسات-${label}-${r.from}_${r.to}` }
  if (format === 'xlsx') {
    const [sittings, marks] = [await exportSittings(db, r, null), await exportMarks(db, r, null)]
    const bytes = buildWorkbook([
      { name: lang === 'ar' ? 'الجلسات' : 'Sittings', rows: table(SITTING_COLUMNS, sittings, lang) },
      { name: lang === 'ar' ? 'الأخطاء' : 'Marks', rows: table(MARK_COLUMNS, marks, lang) },
    ], lang)
    return { bytes, filename: { en: `${base.en}.xlsx`, ar: `${base.ar}.xlsx` }, contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }
  }
  const rows = kind === 'sittings' ? table(SITTING_COLUMNS, await exportSittings(db, r, null), lang) : table(MARK_COLUMNS, await exportMarks(db, r, null), lang)
  const suffix = kind === 'marks' ? { en: '-marks', ar: '-الأخطاء' } : { en: '', ar: '' }
  return { bytes: csv(rows), filename: { en: `${base.en}${suffix.en}.csv`, ar: `${base.ar}${suffix.ar}.csv` }, contentType: 'text/csv; charset=utf-8' }
}

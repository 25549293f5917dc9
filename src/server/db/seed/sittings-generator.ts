// Deterministic sittings in bulk for the sample institution, demos and benchmarks. The figures of each sitting
// come from the one calculation (src/shared/reports/figures.ts): a few dozen sitting "templates" are worked out
// in JS, then set-based SQL (generate_series) stamps them onto students and dates, so a million rows take
// seconds, not hours. Same arguments → same data.
import { eq, isNull, sql } from 'drizzle-orm'
import type { Db } from '../client'
import {
  assessmentClients, assessmentLibraries, assessmentLibraryEntries, assessments, assessmentTypes, contentDisplayTypes, libraryEntryAssessments,
  skillTypes, subjects,
} from '../schema/tables'
import { miscueTypes } from '../schema/sittings'
import { passageWords, SCORING_VERSION, sittingFigures } from '../../../shared/reports/figures'
import { SELF_CORRECTION } from '../../../shared/reports/miscue-types'

export const SAMPLE_PASSAGES = {
  en: { title: 'The little red hen', text: 'The little red hen found a grain of wheat. She asked who will help me plant this wheat. Not I said the duck. Not I said the cat. Then I will do it myself said the little red hen.' },
  ar: { title: 'الدجاجة الصغيرة الحمراء', text: 'وجدت الدجاجة الصغيرة الحمراء حبة قمح. فسألت من يساعدني في زراعة هذا القمح. قالت البطة ليس أنا. وقالت القطة ليس أنا. إذن سأزرعها بنفسي قالت الدجاجة الصغيرة الحمراء.' },
} as const

/** A small deterministic random number generator (mulberry32). */
function random(seed: number) {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

async function idByCode(db: Db, table: typeof subjects | typeof skillTypes | typeof assessmentTypes | typeof contentDisplayTypes, code: string): Promise<number> {
  const [row] = await db.select({ id: table.id }).from(table).where(eq(table.code, code))
  if (!row) throw new Error(`reference data ${code} missing`)
  return row.id
}

/** An English and an Arabic passage assigned to the institution, and a report library over them (reused when present). */
export async function ensureSampleAssessments(db: Db, institutionId: number): Promise<{ english: number; arabic: number; library: number }> {
  const ids: Record<'en' | 'ar', number> = { en: 0, ar: 0 }
  for (const lang of ['en', 'ar'] as const) {
    const p = SAMPLE_PASSAGES[lang]
    let [row] = await db.select({ id: assessments.id }).from(assessments).where(eq(assessments.title, p.title))
    if (!row) {
      const subject = lang === 'en' ? 'english-reading' : 'arabic-reading'
      ;[row] = await db.insert(assessments).values({
        title: p.title, subject_id: await idByCode(db, subjects, subject), language_title: lang === 'en' ? 'English' : 'العربية',
        skill_type_id: await idByCode(db, skillTypes, `${lang}-orf`), assessment_type_id: await idByCode(db, assessmentTypes, `${lang}-passage`),
        content_display_type_id: await idByCode(db, contentDisplayTypes, 'text'), content: p.text, duration: '00:02:00',
      }).returning({ id: assessments.id })
    }
    ids[lang] = row!.id
    await db.insert(assessmentClients).values({ assessment_id: row!.id, institution_id: institutionId }).onConflictDoNothing()
  }
  let [library] = await db.select({ id: assessmentLibraries.id }).from(assessmentLibraries).where(eq(assessmentLibraries.display_name, 'Reading passages'))
  if (!library) {
    ;[library] = await db.insert(assessmentLibraries).values({ display_name: 'Reading passages', is_report: true, is_global: true, switches: 'enableParentReport' }).returning({ id: assessmentLibraries.id })
    const [en] = await db.insert(assessmentLibraryEntries).values({ library_id: library!.id, display_name: 'English passage', in_parent_report: true, description: 'Reading aloud in English' }).returning()
    const [ar] = await db.insert(assessmentLibraryEntries).values({ library_id: library!.id, display_name: 'Arabic passage', in_parent_report: true, description: 'القراءة الجهرية بالعربية' }).returning()
    await db.insert(libraryEntryAssessments).values([{ entry_id: en!.id, assessment_id: ids.en }, { entry_id: ar!.id, assessment_id: ids.ar }])
  }
  return { english: ids.en, arabic: ids.ar, library: library!.id }
}

export type Term = { start: string; days: number }
const DEFAULT_TERMS: [Term, Term] = [{ start: '2026-09-01', days: 110 }, { start: '2027-01-10', days: 130 }]

type Template = { k: number; lang: 'en' | 'ar'; duration: number; marks: { word_index: number; type_id: number; counted_id: number; self_corrected: boolean }[]; figures: ReturnType<typeof sittingFigures> }

async function templates(db: Db, count: number): Promise<Template[]> {
  const types = await db.select().from(miscueTypes).where(isNull(miscueTypes.institution_id))
  const sc = types.find((t) => t.code === SELF_CORRECTION)!
  const rand = random(20260901)
  return Array.from({ length: count }, (_, k) => {
    const lang = k % 2 === 0 ? 'en' : 'ar'
    const words = passageWords(SAMPLE_PASSAGES[lang].text)
    const attempted = rand() < 0.8 ? words.length : Math.max(5, Math.floor(words.length * (0.5 + rand() * 0.5)))
    const marks: Template['marks'] = []
    const used = new Set<string>()
    const n = Math.floor(rand() * 7)
    for (let i = 0; i < n; i++) {
      const type = types[Math.floor(rand() * types.length)]!
      const word = Math.floor(rand() * attempted)
      if (used.has(`${word}:${type.code}`)) continue
      used.add(`${word}:${type.code}`)
      const selfCorrected = type.counts_as_error && rand() < 0.2
      marks.push({ word_index: word, type_id: type.id, counted_id: selfCorrected || type.code === SELF_CORRECTION ? sc.id : type.id, self_corrected: selfCorrected })
    }
    const duration = 40 + Math.floor(rand() * 80)
    const byId = new Map(types.map((t) => [t.id, t]))
    const figures = sittingFigures({
      total_question: words.length, total_attempted: attempted, duration_seconds: duration,
      marks: marks.map((m) => ({ word_index: m.word_index, counts_as_error: byId.get(m.type_id)!.counts_as_error, is_self_correction_type: m.type_id === sc.id, self_corrected: m.self_corrected })),
    })
    return { k, lang, duration, marks, figures }
  })
}

/**
 * `count` sittings of the institution's students (of `yearId`, in their class), half in each of two terms
 * (default: 2026-09-01 + 110 days and 2027-01-10 + 130 days), each by the class teacher when there is one.
 */
export async function generateSittings(db: Db, o: { institutionId: number; yearId: number; count: number; teacherId?: number | null; seed?: number; terms?: [Term, Term] }): Promise<number> {
  const [t1, t2] = o.terms ?? DEFAULT_TERMS
  const { english, arabic } = await ensureSampleAssessments(db, o.institutionId)
  const list = await templates(db, 64)
  const shift = o.seed ?? 0
  return db.transaction(async (tx) => {
    await tx.execute(sql`create temp table seed_templates (k int, lang text, duration int, tq int, ta int, tc int, ec int, fec int, scc int, acc numeric, score int, wcpm numeric, er int, scr int, band text) on commit drop`)
    await tx.execute(sql`create temp table seed_marks (k int, word_index int, type_id int, counted_id int, self_corrected boolean) on commit drop`)
    for (const t of list) {
      const f = t.figures
      await tx.execute(sql`insert into seed_templates values (${t.k}, ${t.lang}, ${t.duration}, ${f.total_question}, ${f.total_attempted}, ${f.total_correct}, ${f.error_count}, ${f.fluency_error_count}, ${f.self_correction_count}, ${f.accuracy}, ${f.score}, ${f.wcpm}, ${f.error_rate}, ${f.self_correction_ratio}, ${f.band})`)
      for (const m of t.marks) await tx.execute(sql`insert into seed_marks values (${t.k}, ${m.word_index}, ${m.type_id}, ${m.counted_id}, ${m.self_corrected})`)
    }
    await tx.execute(sql`create temp table seed_pool on commit drop as
      select row_number() over (order by r.student_id) - 1 as rn, r.student_id, r.class_id, c.school_id,
        (select ct.user_id from class_teachers ct where ct.class_id = r.class_id and ct.academic_year_id = ${o.yearId} limit 1) as teacher_id
      from student_class_relations r join classes c on c.id = r.class_id
      where r.academic_year_id = ${o.yearId} and c.institution_id = ${o.institutionId}`)
    const [pool] = (await tx.execute(sql`select count(*)::int as n from seed_pool`) as unknown as { rows: { n: number }[] }).rows
    if (!pool || pool.n === 0) return 0
    await tx.execute(sql`create temp table seed_staged on commit drop as
      select nextval(pg_get_serial_sequence('sittings', 'id')) as id, g, ((g * 7919 + ${shift}::int) % 64) as k, p.student_id, p.class_id, p.school_id, p.teacher_id,
        case when g % 2 = 0 then (${t1.start}::date)::timestamp at time zone 'UTC' + make_interval(days => ((g * 37) % ${t1.days})::int, mins => 420 + ((g * 13) % 300)::int)
             else (${t2.start}::date)::timestamp at time zone 'UTC' + make_interval(days => ((g * 41) % ${t2.days})::int, mins => 420 + ((g * 17) % 300)::int) end as at
      from generate_series(0, ${o.count - 1}) as g
      join seed_pool p on p.rn = (g * 31 + ${shift}::int) % ${pool.n}::int`)
    await tx.execute(sql`insert into sittings (id, institution_id, school_id, class_id, academic_year_id, student_id, assessment_id, teacher_id,
        created_in_device_at, duration_seconds, notes, direction, total_question, total_attempted, total_correct, error_count,
        fluency_error_count, self_correction_count, accuracy, score, wcpm, error_rate, self_correction_ratio, band, scoring_version)
      select s.id, ${o.institutionId}::int, s.school_id, s.class_id, ${o.yearId}::int, s.student_id, case when t.lang = 'en' then ${english}::int else ${arabic}::int end,
        coalesce(s.teacher_id, ${o.teacherId ?? null}::int), s.at, t.duration, '', case when t.lang = 'ar' then 'rtl' else 'ltr' end,
        t.tq, t.ta, t.tc, t.ec, t.fec, t.scc, t.acc, t.score, t.wcpm, t.er, t.scr, t.band, ${SCORING_VERSION}::int
      from seed_staged s join seed_templates t on t.k = s.k`)
    await tx.execute(sql`insert into sitting_marks (sitting_id, word_index, miscue_type_id, self_corrected, counted_type_id)
      select s.id, m.word_index, m.type_id, m.self_corrected, m.counted_id from seed_staged s join seed_marks m on m.k = s.k`)
    return o.count
  })
}


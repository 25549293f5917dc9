// The .xlsx layout of the tally, bundle, parent and comparative reports, in the requester's language.
import type { Lang, Text } from '../lib/messages'
import { BAND_NAMES, BANDS, type Band } from '../../shared/reports/figures'
import type { BundleCell, BundleReport, ComparativeReport, ParentReport, TallyReport } from '../../shared/schemas/report'
import { buildWorkbook, type Cell, type SheetSpec } from './workbook'

export type ReportFile = { bytes: Buffer; filename: Text }

const t = (lang: Lang, en: string, ar: string) => (lang === 'ar' ? ar : en)
/** The student's name on a page in `lang`: the Arabic name on Arabic pages when there is one. */
export const name = (lang: Lang, r: { student_name: string; arabic_name: string }) => (lang === 'ar' && r.arabic_name ? r.arabic_name : r.student_name)
const band = (lang: Lang, b: Band | null): string | null => (b ? BAND_NAMES[b][lang] : null)
const fileLabel = (label: string) => label.replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-|-$/g, '') || 'report'

function studentHeader(lang: Lang): string[] {
  return [t(lang, 'Student', 'الطالب'), t(lang, 'Enrollment code', 'رقم القيد'), t(lang, 'Class', 'الفصل'), t(lang, 'School', 'المدرسة')]
}
function studentCells(lang: Lang, r: { student_name: string; arabic_name: string; enrollment_code: string; class_name: string; school_name: string }): Cell[] {
  return [name(lang, r), r.enrollment_code, r.class_name, r.school_name]
}

export function tallyWorkbook(report: TallyReport, label: string, lang: Lang): ReportFile {
  const header = [...studentHeader(lang), t(lang, 'Sittings', 'الجلسات'), ...report.miscue_types.map((m) => (lang === 'ar' ? m.arabic_display_name : m.display_name))]
  const rows = report.rows.map((r) => [...studentCells(lang, r), r.sittings, ...report.miscue_types.map((m) => r.counts[m.code] ?? 0)])
  const period = `${report.from_date}_${report.to_date}`
  return {
    bytes: buildWorkbook([{ name: t(lang, 'Tally', 'الإحصاء'), rows: [header, ...rows] }], lang),
    filename: { en: `tally-report-${fileLabel(label)}-${period}.xlsx`, ar: `تقرير-الإحصاء-${fileLabel(label)}-${period}.xlsx` },
  }
}

/** How many sittings in each band, e.g. "Independent 2, Frustration 1"; null without sittings. */
function bandCounts(lang: Lang, c: BundleCell): string | null {
  const parts = BANDS.filter((b) => c.bands[b] > 0).map((b) => `${BAND_NAMES[b][lang]} ${c.bands[b]}`)
  return parts.length ? parts.join(lang === 'ar' ? '، ' : ', ') : null
}

function cellFigures(c: BundleCell, lang: Lang): Cell[] {
  return [c.sittings, c.latest_accuracy, c.average_accuracy, band(lang, c.band), bandCounts(lang, c)]
}

export function bundleWorkbook(report: BundleReport, label: string, lang: Lang): ReportFile {
  const header = [
    ...studentHeader(lang),
    ...report.entries.flatMap((e) => [
      `${e.display_name}: ${t(lang, 'sittings', 'الجلسات')}`, `${e.display_name}: ${t(lang, 'latest %', 'الأحدث %')}`,
      `${e.display_name}: ${t(lang, 'average %', 'المتوسط %')}`, `${e.display_name}: ${t(lang, 'band of the latest', 'مستوى الأحدث')}`,
      `${e.display_name}: ${t(lang, 'sittings per band', 'الجلسات في كل مستوى')}`,
    ]),
  ]
  const rows = report.rows.map((r) => [...studentCells(lang, r), ...r.entries.flatMap((c) => cellFigures(c, lang))])
  const period = `${report.from_date}_${report.to_date}`
  return {
    bytes: buildWorkbook([{ name: report.library_name, rows: [header, ...rows] }], lang),
    filename: { en: `bundle-report-${fileLabel(report.library_name)}-${fileLabel(label)}-${period}.xlsx`, ar: `تقرير-المجموعة-${fileLabel(report.library_name)}-${fileLabel(label)}-${period}.xlsx` },
  }
}

/** What a band means, in words a family understands. */
const PLAIN_BAND: Record<Band | 'none', Text> = {
  independent: { en: 'Reads texts at this level easily on their own', ar: 'يقرأ نصوص هذا المستوى بسهولة وحده' },
  instructional: { en: 'Reads texts at this level well with some help from the teacher', ar: 'يقرأ نصوص هذا المستوى جيدًا مع بعض المساعدة من المعلم' },
  frustration: { en: 'Texts at this level are still hard: reading easier books together at home helps', ar: 'نصوص هذا المستوى ما زالت صعبة: القراءة معًا في كتب أسهل في المنزل تساعد' },
  none: { en: 'Not assessed in this period', ar: 'لم يُقيَّم في هذه الفترة' },
}

/** The printable parent report's reading-speed sentence, from the newest sitting in the period. */
const wcpmLine = (lang: Lang, wcpm: number) => t(lang,
  `Reading speed: in the latest reading your child read ${wcpm} words correctly in one minute. Teachers call this “words correct per minute” (WCPM); it grows as reading becomes easier.`,
  `سرعة القراءة: في آخر قراءة قرأ طفلك ${wcpm} كلمة صحيحة في دقيقة واحدة. يسمي المعلمون ذلك «عدد الكلمات الصحيحة في الدقيقة»؛ ويزداد كلما أصبحت القراءة أسهل.`)

/** Parent report: one sheet per student, plain words, only the entries marked for parents. */
export function parentWorkbook(report: ParentReport, label: string, lang: Lang): ReportFile {
  const sheets: SheetSpec[] = report.rows.map((r) => {
    const intro: Cell[][] = [
      [t(lang, `Reading report for ${r.name}`, `تقرير القراءة لـ ${r.name}`)],
      [t(lang, 'Class', 'الفصل'), r.class_name],
      [t(lang, 'Period', 'الفترة'), `${report.from_date} – ${report.to_date}`],
      ...(r.wcpm === null ? [] : [[wcpmLine(lang, Math.round(r.wcpm))]]),
      [t(lang, 'The score is the share of words read correctly, out of 100.', 'الدرجة هي نسبة الكلمات المقروءة بشكل صحيح من 100.')],
    ]
    const header = [t(lang, 'Reading', 'القراءة'), t(lang, 'Times read', 'عدد مرات القراءة'), t(lang, 'Most recent score', 'الدرجة الأحدث'), t(lang, 'Average score', 'متوسط الدرجة'), t(lang, 'What this means', 'ماذا يعني ذلك')]
    const rows = report.entries.map((e, i) => {
      const c = r.entries[i]!
      return [e.display_name, c.sittings, c.latest_accuracy, c.average_accuracy, PLAIN_BAND[c.band ?? 'none'][lang]]
    })
    return { name: r.name, rows: [...intro, header, ...rows], frozenRows: intro.length + 1 }
  })
  const period = `${report.from_date}_${report.to_date}`
  return {
    bytes: buildWorkbook(sheets.length ? sheets : [{ name: t(lang, 'Parents', 'أولياء الأمور'), rows: [[t(lang, 'No students in this scope', 'لا يوجد طلاب في هذا النطاق')]] }], lang),
    filename: { en: `parent-report-${fileLabel(report.library_name)}-${fileLabel(label)}-${period}.xlsx`, ar: `تقرير-ولي-الأمر-${fileLabel(report.library_name)}-${fileLabel(label)}-${period}.xlsx` },
  }
}

export function comparativeWorkbook(report: ComparativeReport, label: string, lang: Lang): ReportFile {
  const first = `${report.first_from_date} – ${report.first_to_date}`
  const second = `${report.second_from_date} – ${report.second_to_date}`
  const header = [
    ...studentHeader(lang),
    ...report.entries.flatMap((e) => [
      `${e.display_name}: ${t(lang, 'average %', 'المتوسط %')} ${first}`, `${e.display_name}: ${t(lang, 'average %', 'المتوسط %')} ${second}`,
      `${e.display_name}: ${t(lang, 'change', 'التغير')}`,
    ]),
  ]
  const rows = report.rows.map((r) => [...studentCells(lang, r), ...r.entries.flatMap((c) => [c.first.average_accuracy, c.second.average_accuracy, c.change])])
  return {
    bytes: buildWorkbook([{ name: report.library_name, rows: [header, ...rows] }], lang),
    filename: {
      en: `comparative-report-${fileLabel(report.library_name)}-${fileLabel(label)}-${report.first_from_date}_${report.second_to_date}.xlsx`,
      ar: `تقرير-المقارنة-${fileLabel(report.library_name)}-${fileLabel(label)}-${report.first_from_date}_${report.second_to_date}.xlsx`,
    },
  }
}

// Bilingual messages of the benchmark area (ADR 0124).
import type { Text } from '../../lib/messages'

export const BENCHMARK_MESSAGES = {
  unknownTable: { en: 'This benchmark table is not available to this institution', ar: 'جدول المعايير هذا غير متاح لهذه المؤسسة' },
  wrongLanguage: {
    en: 'The table chosen for a passage language must be a table for that language',
    ar: 'يجب أن يكون الجدول المختار للغة النص جدولًا لتلك اللغة',
  },
  badSeason: { en: 'Season must be boy, moy or eoy', ar: 'يجب أن يكون الموسم boy أو moy أو eoy' },
  yearWithoutCalendar: {
    en: 'This academic year has no calendar years in its name (such as 2025-2026), so its seasons cannot be placed',
    ar: 'لا يحمل اسم هذا العام الدراسي سنواته الميلادية (مثل 2025-2026)، فلا يمكن تحديد مواسمه',
  },
  sheetUnreadable: { en: 'The spreadsheet has no readable sheet with a header row', ar: 'لا يحتوي جدول البيانات على ورقة مقروءة فيها صف عناوين' },
  missingColumns: (names: string) => ({
    en: `The spreadsheet lacks the columns: ${names}`,
    ar: `ينقص جدول البيانات الأعمدة: ${names}`,
  }),
  badRow: (row: number, detail: Text) => ({
    en: `Row ${row}: ${detail.en}`,
    ar: `الصف ${row}: ${detail.ar}`,
  }),
  badSeasonCell: { en: 'season must be BOY, MOY or EOY (or fall, winter, spring)', ar: 'يجب أن يكون الموسم بداية العام أو منتصفه أو نهايته (BOY أو MOY أو EOY)' },
  badNumberCell: (column: string) => ({ en: `${column} must be a number`, ar: `يجب أن يكون ${column} رقمًا` }),
} satisfies Record<string, Text | ((...a: never[]) => Text)>

// Why a whole file is refused, in English and Arabic (a refused row's messages come from the shared codes).
import { BULK_LIMITS } from '../../../shared/bulk/upload-kinds'
import type { Text } from '../../lib/messages'

export const UPLOAD_MESSAGES = {
  unreadable: {
    en: 'The spreadsheet cannot be read. Open it in Excel or LibreOffice, save it again as .xlsx and retry.',
    ar: 'تعذّرت قراءة جدول البيانات. افتحه في Excel أو LibreOffice واحفظه من جديد بصيغة .xlsx ثم أعد المحاولة.',
  },
  noRows: { en: 'The spreadsheet has no rows to import below its header row.', ar: 'لا يحتوي جدول البيانات على صفوف للاستيراد تحت صف العناوين.' },
  tooManyRows: {
    en: `The spreadsheet has more than ${BULK_LIMITS.maxRows.toLocaleString('en-US')} rows. Split it into smaller files.`,
    ar: `يحتوي جدول البيانات على أكثر من ${BULK_LIMITS.maxRows} صف. قسّمه إلى ملفات أصغر.`,
  },
  missingColumns: (fields: string[]): Text => ({
    en: `The spreadsheet has no column for: ${fields.join(', ')}. Its first row must name the columns as the template does.`,
    ar: `لا يحتوي جدول البيانات على عمود لـ: ${fields.join('، ')}. يجب أن يسمي صفه الأول الأعمدة كما في القالب.`,
  }),
  interrupted: {
    en: 'The import stopped before the end. The rows listed were handled; upload the file again to import the rest.',
    ar: 'توقف الاستيراد قبل نهايته. عولجت الصفوف المدرجة؛ ارفع الملف مرة أخرى لاستيراد الباقي.',
  },
  fileGone: {
    en: 'The uploaded file is no longer available. Upload it again.',
    ar: 'لم يعد الملف المرفوع متاحًا. ارفعه مرة أخرى.',
  },
  badClass: { en: 'Choose a class of this school', ar: 'اختر فصلًا من فصول هذه المدرسة' },
  badYear: { en: 'Choose an academic year of this institution', ar: 'اختر سنة دراسية من سنوات هذه المؤسسة' },
} satisfies Record<string, Text | ((fields: string[]) => Text)>

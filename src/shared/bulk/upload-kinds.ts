// The six bulk uploads (spec: assessment-and-reporting §2, §7): their columns, the multipart field each call
// reads, and the column that names a row in the results. The browser's worker and the server read files
// with these same definitions, so a header the preview accepts is one the server accepts.
export const UPLOAD_KINDS = ['teacher', 'school', 'class', 'student', 'assessment-library', 'report-template'] as const
export type UploadKind = (typeof UPLOAD_KINDS)[number]

/**
 * How a cell is read: `text` (numbers written without a decimal point, dates as yyyy-mm-dd), `list`
 * (comma-separated texts), `boolean` (true/false, 1/0, yes/no, نعم/لا), `number`.
 */
export type ColumnType = 'text' | 'list' | 'boolean' | 'number'

export type UploadColumn = {
  /** The entity field, and the header of the template (fixtures/spreadsheets/README.md). */
  field: string
  required: boolean
  type: ColumnType
  /** Other headers accepted for it (English labels of the list downloads, Arabic names). */
  aliases: readonly string[]
}

const col = (field: string, required: boolean, aliases: string[] = [], type: ColumnType = 'text'): UploadColumn => ({ field, required, type, aliases })

const userField = (n: number) => col(`user_field_${n}`, false, [`field ${n}`, `user field ${n}`, `الحقل ${n}`, `حقل ${n}`])

export const UPLOAD_COLUMNS: Record<UploadKind, readonly UploadColumn[]> = {
  teacher: [
    col('first_name', true, ['first', 'given name', 'الاسم الأول']),
    col('last_name', true, ['last', 'family name', 'surname', 'اسم العائلة', 'الاسم الأخير']),
    col('email', true, ['e-mail', 'email address', 'البريد الإلكتروني', 'البريد']),
    col('phone_number', false, ['phone', 'mobile', 'رقم الهاتف', 'الهاتف', 'الجوال']),
    col('known_languages', false, ['languages', 'اللغات', 'اللغات المعروفة']),
  ],
  school: [
    col('identifier', true, ['id', 'school id', 'المعرّف', 'المعرف', 'رمز المدرسة']),
    col('display_name', true, ['name', 'school name', 'الاسم', 'اسم المدرسة']),
    col('arabic_display_name', true, ['arabic name', 'الاسم بالعربية', 'الاسم العربي']),
    col('phone_number', false, ['phone', 'رقم الهاتف', 'الهاتف']),
    col('country', true, ['الدولة', 'البلد']),
    col('state', false, ['emirate', 'الإمارة / الولاية', 'الإمارة', 'الولاية']),
    col('city', false, ['المدينة']),
    col('street', false, ['address', 'الشارع', 'العنوان']),
    col('zipcode', false, ['zip', 'zip code', 'postcode', 'postal code', 'الرمز البريدي']),
  ],
  class: [
    col('school', true, ['school identifier', 'المدرسة', 'معرّف المدرسة']),
    col('identifier', true, ['class identifier', 'المعرّف', 'المعرف', 'معرّف الفصل']),
    col('class_name', true, ['display_name', 'name', 'اسم الفصل', 'الفصل']),
    col('grade', true, ['الصف']),
    col('section', false, ['الشعبة']),
    col('subjects', true, ['subject', 'المواد', 'المادة'], 'list'),
    col('teachers', true, ['teacher', 'teacher emails', 'المعلمون', 'المعلم'], 'list'),
  ],
  student: [
    col('first_name', true, ['first', 'given name', 'الاسم الأول']),
    col('last_name', true, ['last', 'family name', 'surname', 'اسم العائلة', 'الاسم الأخير']),
    col('arabic_name', true, ['name in arabic', 'الاسم بالعربية', 'الاسم العربي']),
    col('enrollment_code', true, ['enrolment code', 'student id', 'رقم القيد', 'رقم الطالب']),
    col('gender', false, ['sex', 'الجنس']),
    userField(1), userField(2), userField(3), userField(4),
  ],
  'assessment-library': [
    col('display_name', true, ['name', 'library name', 'library_name', 'الاسم', 'اسم المكتبة']),
    col('isReport', false, ['is_report', 'report', 'تقرير'], 'boolean'),
    col('isGlobal', false, ['is_global', 'global', 'عام'], 'boolean'),
    col('switches', false, ['المفاتيح']),
  ],
  'report-template': [
    col('name', true, ['template name', 'الاسم', 'اسم القالب']),
    col('assessmentLibrary', true, ['assessment_library', 'assessment_library_id', 'library', 'مكتبة التقييمات', 'المكتبة']),
    col('reportType', true, ['report_type', 'type', 'نوع التقرير'], 'number'),
    col('reportScope', true, ['report_scope', 'scope', 'نطاق التقرير'], 'number'),
    col('switches', false, ['المفاتيح']),
  ],
}

/** The multipart field of each upload call (spec §7). */
export const UPLOAD_FIELD: Record<UploadKind, string> = {
  teacher: 'teacher_excel',
  school: 'school_excel',
  class: 'class_excel',
  student: 'student_excel',
  'assessment-library': 'assessmentlibrary_excel',
  'report-template': 'docfile',
}

/** The column that names a row in the results and must be unique within a file (and not exist yet). */
export const UPLOAD_KEY: Record<UploadKind, string> = {
  teacher: 'email',
  school: 'identifier',
  class: 'identifier',
  student: 'enrollment_code',
  'assessment-library': 'display_name',
  'report-template': 'name',
}

/** Keys of the template-URL answer (spec §3) per kind. */
export const TEMPLATE_URL_KEYS: Record<UploadKind, string> = {
  class: 'class-upload-url',
  teacher: 'teacher-upload-url',
  school: 'school-upload-url',
  'assessment-library': 'assessment-library-upload-url',
  'report-template': 'report-template-upload-url',
  student: 'student-upload-url',
}

/**
 * Headers the app writes itself and reads back without complaint: `row` carries a row's number in the
 * original file (the valid rows the browser sends), `error` the reason in a file of refused rows to fix.
 */
export const ROW_NUMBER_HEADERS = ['row', 'الصف رقم', 'رقم الصف'] as const
export const ERROR_HEADERS = ['error', 'errors', 'الخطأ', 'الأخطاء'] as const

export const BULK_LIMITS = {
  /** Largest file accepted (also checked by the server before unpacking). */
  maxBytes: 10 * 1024 * 1024,
  /** Most data rows in one file. */
  maxRows: 50_000,
  /** Up to this many rows the server imports while the request waits; larger files become a background job. */
  syncRows: 1_000,
} as const

// Texts of the upload templates and of the refused-rows file, in English and Arabic.
import type { UploadKind } from '../../../shared/bulk/upload-kinds'
import type { Text } from '../../lib/messages'

/** The data sheet's name and the template's file name per upload. */
export const TEMPLATE_NAMES: Record<UploadKind, { sheet: Text; file: Text }> = {
  teacher: { sheet: { en: 'Teachers', ar: 'المعلمون' }, file: { en: 'teacher-upload-template.xlsx', ar: 'قالب-رفع-المعلمين.xlsx' } },
  school: { sheet: { en: 'Schools', ar: 'المدارس' }, file: { en: 'school-upload-template.xlsx', ar: 'قالب-رفع-المدارس.xlsx' } },
  class: { sheet: { en: 'Classes', ar: 'الفصول' }, file: { en: 'class-upload-template.xlsx', ar: 'قالب-رفع-الفصول.xlsx' } },
  student: { sheet: { en: 'Students', ar: 'الطلاب' }, file: { en: 'student-upload-template.xlsx', ar: 'قالب-رفع-الطلاب.xlsx' } },
  'assessment-library': { sheet: { en: 'Assessment libraries', ar: 'مكتبات التقييمات' }, file: { en: 'assessment-library-upload-template.xlsx', ar: 'قالب-رفع-مكتبات-التقييمات.xlsx' } },
  'report-template': { sheet: { en: 'Report templates', ar: 'قوالب التقارير' }, file: { en: 'report-template-upload-template.xlsx', ar: 'قالب-رفع-قوالب-التقارير.xlsx' } },
}

const userField: Text = { en: 'Optional free text (up to 200 characters), for example a house or a date of birth.', ar: 'نص اختياري (حتى 200 حرف)، مثل اسم البيت أو تاريخ الميلاد.' }
const name3: Text = { en: 'At least 3 characters; no special characters such as @ # $ - , .', ar: '3 أحرف على الأقل؛ دون رموز خاصة مثل @ # $ - , .' }

/** What to enter in each column, per upload. */
export const COLUMN_HELP: Record<UploadKind, Record<string, Text>> = {
  teacher: {
    first_name: name3,
    last_name: name3,
    email: { en: 'The teacher\'s email: a new address in this institution. An invitation to set a password is sent to it.', ar: 'البريد الإلكتروني للمعلم: عنوان جديد في هذه المؤسسة. تُرسل إليه دعوة لتعيين كلمة المرور.' },
    phone_number: { en: 'Optional: 4 to 30 digits, spaces, + or -.', ar: 'اختياري: من 4 إلى 30 رقمًا أو مسافة أو + أو -.' },
    known_languages: { en: 'Optional, for example: Arabic, English.', ar: 'اختياري، مثل: العربية، الإنجليزية.' },
  },
  school: {
    identifier: { en: 'A code for the school, at least 4 characters, not used by another school.', ar: 'رمز للمدرسة من 4 أحرف على الأقل، غير مستخدم لمدرسة أخرى.' },
    display_name: { en: 'The school\'s name, at least 4 characters.', ar: 'اسم المدرسة، 4 أحرف على الأقل.' },
    arabic_display_name: { en: 'The school\'s name in Arabic, at least 4 characters.', ar: 'اسم المدرسة بالعربية، 4 أحرف على الأقل.' },
    phone_number: { en: 'Optional: 4 to 20 digits, spaces, + or -.', ar: 'اختياري: من 4 إلى 20 رقمًا أو مسافة أو + أو -.' },
    country: { en: 'The country: its two-letter code (AE) or its name in English or Arabic.', ar: 'الدولة: رمزها من حرفين (AE) أو اسمها بالعربية أو الإنجليزية.' },
    state: { en: 'Optional; starts with a letter.', ar: 'اختياري؛ يبدأ بحرف.' },
    city: { en: 'Optional; starts with a letter.', ar: 'اختياري؛ يبدأ بحرف.' },
    street: { en: 'Optional, up to 100 characters; starts with a letter or a number.', ar: 'اختياري، حتى 100 حرف؛ يبدأ بحرف أو رقم.' },
    zipcode: { en: 'Optional, up to 10 letters, digits, spaces or -.', ar: 'اختياري، حتى 10 أحرف أو أرقام أو مسافات أو -.' },
  },
  class: {
    school: { en: 'The identifier of the school (see the list).', ar: 'معرّف المدرسة (انظر القائمة).' },
    identifier: { en: 'A code for the class, new in its school.', ar: 'رمز للفصل، جديد في مدرسته.' },
    class_name: { en: 'The class\'s name.', ar: 'اسم الفصل.' },
    grade: { en: 'The identifier (or name) of a grade of that school.', ar: 'معرّف (أو اسم) صف من صفوف تلك المدرسة.' },
    section: { en: 'Optional: the identifier (or name) of a section of that school.', ar: 'اختياري: معرّف (أو اسم) شعبة من شعب تلك المدرسة.' },
    subjects: { en: 'One or more subject names, separated by commas.', ar: 'اسم مادة أو أكثر، مفصولة بفواصل.' },
    teachers: { en: 'One or more teacher emails, separated by commas; each a teacher of that school.', ar: 'بريد معلم أو أكثر، مفصولة بفواصل؛ كل منهم معلم في تلك المدرسة.' },
  },
  student: {
    first_name: { en: 'At least 3 characters.', ar: '3 أحرف على الأقل.' },
    last_name: { en: 'At least 3 characters.', ar: '3 أحرف على الأقل.' },
    arabic_name: { en: 'The student\'s full name in Arabic, at least 3 characters.', ar: 'اسم الطالب الكامل بالعربية، 3 أحرف على الأقل.' },
    enrollment_code: { en: 'The student\'s ID in your institution\'s format, new in the institution. Keep leading zeros: the column is formatted as text.', ar: 'رقم الطالب بصيغة مؤسستك، جديد في المؤسسة. تبقى الأصفار في البداية: العمود منسّق كنص.' },
    gender: { en: 'Optional: m (male) or f (female).', ar: 'اختياري: m (ذكر) أو f (أنثى).' },
    user_field_1: userField,
    user_field_2: userField,
    user_field_3: userField,
    user_field_4: userField,
  },
  'assessment-library': {
    display_name: { en: 'The library\'s name, at least 4 characters, not used by another library.', ar: 'اسم المكتبة، 4 أحرف على الأقل، غير مستخدم لمكتبة أخرى.' },
    isReport: { en: 'TRUE if the library is also a report type (yes/no and 1/0 work too).', ar: 'TRUE إذا كانت المكتبة نوع تقرير أيضًا (تصلح نعم/لا و1/0 أيضًا).' },
    isGlobal: { en: 'TRUE if every institution sees the library.', ar: 'TRUE إذا كانت كل المؤسسات ترى المكتبة.' },
    switches: { en: 'Optional, comma-separated: enableParentReport, comparative.', ar: 'اختياري، مفصولة بفواصل: enableParentReport، comparative.' },
  },
  'report-template': {
    name: { en: 'The template\'s name, at least 4 characters, not used by another template.', ar: 'اسم القالب، 4 أحرف على الأقل، غير مستخدم لقالب آخر.' },
    assessmentLibrary: { en: 'The name (or id) of an assessment library.', ar: 'اسم (أو معرّف) مكتبة تقييمات.' },
    reportType: { en: '1 common, 2 accurate, 6 tally, or 100 + the id of a report library.', ar: '1 عام، 2 الدقة، 6 الإحصاء، أو 100 + معرّف مكتبة تقارير.' },
    reportScope: { en: '1 institution, 2 school, 3 class.', ar: '1 المؤسسة، 2 المدرسة، 3 الفصل.' },
    switches: { en: 'Optional, comma-separated: enableParentReport, comparative.', ar: 'اختياري، مفصولة بفواصل: enableParentReport، comparative.' },
  },
}

export const TEMPLATE_TEXT = {
  instructionsSheet: { en: 'Instructions', ar: 'التعليمات' },
  title: (sheet: string): Text => ({ en: `How to fill in the "${sheet}" sheet`, ar: `طريقة تعبئة ورقة "${sheet}"` }),
  intro: {
    en: [
      'Keep the first row as it is: it names the columns. Enter one record per row below it.',
      'Columns marked Required must be filled in. Cells with a list offer the allowed values.',
      'Upload the file on the same screen. Every row is checked first; rows with problems are listed with their row number.',
    ],
    ar: [
      'اترك الصف الأول كما هو: فهو يسمي الأعمدة. أدخل سجلًا واحدًا في كل صف تحته.',
      'يجب تعبئة الأعمدة المطلوبة. الخلايا ذات القائمة تعرض القيم المسموح بها.',
      'ارفع الملف من الشاشة نفسها. يُفحص كل صف أولًا، وتُعرض الصفوف التي فيها مشكلات مع أرقامها.',
    ],
  },
  columnHeaders: { en: ['Column', 'Required', 'What to enter', 'Allowed values'], ar: ['العمود', 'مطلوب', 'ما يُدخل', 'القيم المسموح بها'] },
  yes: { en: 'Yes', ar: 'نعم' },
  no: { en: 'No', ar: 'لا' },
  refusedFile: { en: 'refused-rows.xlsx', ar: 'الصفوف-المرفوضة.xlsx' },
  refusedSheet: { en: 'Refused rows', ar: 'الصفوف المرفوضة' },
  errorColumn: { en: 'Error', ar: 'الخطأ' },
  notYours: { en: 'This upload does not exist or is not yours', ar: 'هذا الرفع غير موجود أو ليس لك' },
}

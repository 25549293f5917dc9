import type { Lang, Text } from '../../lib/messages'

export const DEMO_MESSAGES = {
  sourceNotFound: { en: 'No institution with this id', ar: 'لا توجد مؤسسة بهذا المعرّف' },
  subdomainTaken: { en: 'This sub-domain is already in use. Choose another one.', ar: 'هذا النطاق الفرعي مستخدم بالفعل. اختر نطاقًا آخر.' },
  subdomainReserved: { en: 'This sub-domain is reserved. Choose another one.', ar: 'هذا النطاق الفرعي محجوز. اختر نطاقًا آخر.' },
  sourceGone: { en: 'The source institution no longer exists.', ar: 'المؤسسة المصدر لم تعد موجودة.' },
  interrupted: { en: 'The copy was interrupted and could not be resumed.', ar: 'توقف النسخ ولم يمكن استئنافه.' },
  failed: (detail: string): Text => ({ en: `The copy failed: ${detail}`, ar: `تعذّر النسخ: ${detail}` }),
  created: { en: 'Demo institution created successfully', ar: 'تم إنشاء المؤسسة التجريبية بنجاح' },
} satisfies Record<string, Text | ((...a: never[]) => Text)>

/** What the copy is doing, as the progress bar's status text. */
export const DEMO_STEPS: Record<string, Text> = {
  starting: { en: 'Starting the copy', ar: 'بدء النسخ' },
  retrying: { en: 'Waiting to try again', ar: 'في انتظار إعادة المحاولة' },
  requeued: { en: 'Waiting to resume after an interruption', ar: 'في انتظار الاستئناف بعد انقطاع' },
  institution: { en: 'Creating the institution', ar: 'إنشاء المؤسسة' },
  schools: { en: 'Copying schools', ar: 'نسخ المدارس' },
  'academic-years': { en: 'Copying academic years', ar: 'نسخ الأعوام الدراسية' },
  grades: { en: 'Copying grades', ar: 'نسخ الصفوف' },
  sections: { en: 'Copying sections', ar: 'نسخ الشعب' },
  classes: { en: 'Copying classes', ar: 'نسخ الفصول' },
  users: { en: 'Copying users', ar: 'نسخ المستخدمين' },
  students: { en: 'Copying students', ar: 'نسخ الطلاب' },
  enrolments: { en: 'Copying enrolments', ar: 'نسخ تسجيلات الطلاب' },
  licences: { en: 'Copying licences', ar: 'نسخ التراخيص' },
  assessments: { en: 'Copying assessments', ar: 'نسخ التقييمات' },
  sittings: { en: 'Copying sittings and their miscues', ar: 'نسخ جلسات القراءة وأخطائها' },
  finishing: { en: 'Opening the demo institution', ar: 'فتح المؤسسة التجريبية' },
  done: { en: 'Done', ar: 'تم' },
}

/** The mail to notify_email when the demo is ready. */
export function demoReadyMail(p: { name: string; url: string; username: string | null; password: string; lang: Lang }) {
  const en = [
    `The demo institution "${p.name}" is ready.`,
    '',
    `Open it at: ${p.url}`,
    p.username ? `Sign in as ${p.username} with the password ${p.password} (every demo user has this password).` : '',
    '',
    'Names, e-mail addresses and student IDs in the demo are generated; it holds no real people.',
  ]
  const ar = [
    `المؤسسة التجريبية "${p.name}" جاهزة.`,
    '',
    `افتحها على: ${p.url}`,
    p.username ? `سجّل الدخول باسم ${p.username} بكلمة المرور ${p.password} (لجميع مستخدمي النسخة التجريبية كلمة المرور نفسها).` : '',
    '',
    'الأسماء وعناوين البريد وأرقام الطلاب في النسخة التجريبية مولّدة، ولا تضم أشخاصًا حقيقيين.',
  ]
  return p.lang === 'ar'
    ? { subject: `المؤسسة التجريبية "${p.name}" جاهزة`, text: [...ar, '', '---', '', ...en].join('\n') }
    : { subject: `Demo institution "${p.name}" is ready`, text: [...en, '', '---', '', ...ar].join('\n') }
}

export const STUDENT_MESSAGES = {
  duplicate: { en: 'Another student of this institution already has this enrollment code', ar: 'يوجد طالب آخر في هذه المؤسسة بنفس رقم القيد' },
  badClass: { en: 'Choose a class of this school', ar: 'اختر فصلًا من فصول هذه المدرسة' },
  badYear: { en: 'Choose an academic year of this institution', ar: 'اختر سنة دراسية من سنوات هذه المؤسسة' },
  readOnly: { en: 'Your role can view students but not add them.', ar: 'يمكن لدورك عرض الطلاب دون إضافتهم.' },
  needClass: { en: 'Add a class to this school before adding students.', ar: 'أضف فصلًا لهذه المدرسة قبل إضافة الطلاب.' },
  notInSource: { en: 'Not in the source class in the source year', ar: 'ليس في الفصل المصدر في السنة المصدر' },
  alreadyEnrolled: (year: string) => ({ en: `Already enrolled in a class in ${year}`, ar: `مسجل بالفعل في فصل في ${year}` }),
  alreadyThere: (className: string, year: string) => ({ en: `Already in ${className} for ${year}`, ar: `موجود بالفعل في ${className} في ${year}` }),
  sameYear: { en: 'The destination year must differ from the source year', ar: 'يجب أن تختلف السنة الهدف عن السنة المصدر' },
  unknownStudent: { en: 'Student not found', ar: 'الطالب غير موجود' },
}

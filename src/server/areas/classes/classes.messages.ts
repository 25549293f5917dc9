export const CLASS_MESSAGES = {
  inUse: { en: 'This class cannot be deleted because students are enrolled in it', ar: 'لا يمكن حذف هذا الفصل لأن فيه طلابًا مسجلين' },
  duplicate: { en: 'Another class of this school already uses this identifier', ar: 'يوجد فصل آخر في هذه المدرسة بنفس المعرّف' },
  badGrade: { en: 'Choose a grade of this school', ar: 'اختر صفًا من صفوف هذه المدرسة' },
  badSection: { en: 'Choose a section of this school', ar: 'اختر شعبة من شعب هذه المدرسة' },
  badSubject: { en: 'Choose subjects from the list', ar: 'اختر المواد من القائمة' },
  badTeacher: { en: 'Choose teachers of this school', ar: 'اختر معلمين من معلمي هذه المدرسة' },
  badYear: { en: 'Choose an academic year of this institution', ar: 'اختر سنة دراسية من سنوات هذه المؤسسة' },
  readOnly: { en: 'Your role can view classes but not add them.', ar: 'يمكن لدورك عرض الفصول دون إضافتها.' },
  needGrade: { en: 'Add a grade to this school before adding classes.', ar: 'أضف صفًا لهذه المدرسة قبل إضافة الفصول.' },
  sameSchool: { en: 'Choose two different schools', ar: 'اختر مدرستين مختلفتين' },
}

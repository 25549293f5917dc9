export const SCHOOL_MESSAGES = {
  inUse: { en: 'This school cannot be deleted because it has classes', ar: 'لا يمكن حذف هذه المدرسة لأن لها فصولًا' },
  duplicate: { en: 'Another school of this institution already uses this identifier', ar: 'توجد مدرسة أخرى في هذه المؤسسة بنفس المعرّف' },
  platformOnly: { en: 'Schools belong to an institution: open the institution’s address', ar: 'المدارس تتبع مؤسسة: افتح عنوان المؤسسة' },
  readOnly: { en: 'Your role can view schools but not add them.', ar: 'يمكن لدورك عرض المدارس دون إضافتها.' },
}

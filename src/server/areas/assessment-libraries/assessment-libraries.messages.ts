export const LIBRARY_MESSAGES = {
  inUse: { en: 'This library cannot be deleted because report templates use it', ar: 'لا يمكن حذف هذه المكتبة لأن قوالب تقارير تستخدمها' },
  libraryUnknown: { en: 'Choose an assessment library from the list', ar: 'اختر مكتبة تقييمات من القائمة' },
  assessmentUnknown: { en: 'One or more assessments do not exist', ar: 'تقييم واحد أو أكثر غير موجود' },
  badType: { en: 'The library type must be report, global or all', ar: 'يجب أن يكون نوع المكتبة report أو global أو all' },
  sheet: { en: 'Assessment libraries', ar: 'مكتبات التقييمات' },
}

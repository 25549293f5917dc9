export const TEMPLATE_MESSAGES = {
  libraryUnknown: { en: 'Choose an assessment library from the list', ar: 'اختر مكتبة تقييمات من القائمة' },
  reportTypeUnknown: {
    en: 'Choose a report type: 1 common, 2 accurate, 6 tally, or a report library (100 + its id)',
    ar: 'اختر نوع تقرير: 1 عام، 2 الدقة، 6 الإحصاء، أو مكتبة تقارير (100 + معرّفها)',
  },
  entryNotOfLibrary: { en: 'Each entry must be an entry of the chosen assessment library', ar: 'يجب أن يكون كل عنصر من عناصر مكتبة التقييمات المختارة' },
  noSavedFile: { en: 'This template has no saved file yet: download it first', ar: 'لا يوجد ملف محفوظ لهذا القالب بعد: نزّله أولًا' },
  recipientNotUser: {
    en: 'A template can be sent only to you or to another user of this institution',
    ar: 'لا يمكن إرسال القالب إلا إليك أو إلى مستخدم آخر في هذه المؤسسة',
  },
  emailSent: (to: string) => ({ en: `The report template was sent to ${to}`, ar: `أُرسل قالب التقرير إلى ${to}` }),
  mailSubject: (name: string) => ({ en: `Report template: ${name}`, ar: `قالب التقرير: ${name}` }),
  mailText: (name: string) => ({
    en: `The report template "${name}" is attached as a spreadsheet.`,
    ar: `قالب التقرير "${name}" مرفق كجدول بيانات.`,
  }),
  sheet: { en: 'Report templates', ar: 'قوالب التقارير' },
  uploadSheet: { en: 'Template upload', ar: 'رفع القوالب' },
  entriesSheet: { en: 'Entries', ar: 'العناصر' },
}

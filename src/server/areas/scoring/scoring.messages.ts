// Bilingual messages of the scoring area (taxonomy and scoring profiles).
export const SCORING_MESSAGES = {
  codeTaken: { en: 'A miscue type with this code already exists', ar: 'يوجد نوع خطأ قراءة بهذا الرمز' },
  builtInProfile: {
    en: 'Built-in scoring profiles cannot be changed: create a profile of your own with the rules you want',
    ar: 'لا يمكن تغيير ملفات التصحيح المضمّنة: أنشئ ملفًا خاصًا بمؤسستك بالقواعد التي تريدها',
  },
  profileUnknown: { en: 'This scoring profile is not available to this institution', ar: 'ملف التصحيح هذا غير متاح لهذه المؤسسة' },
  keepOneErrorType: {
    en: 'Keep at least one active miscue type that counts as an error',
    ar: 'أبقِ نوعًا واحدًا على الأقل من أخطاء القراءة مفعّلًا ويُحتسب خطأً',
  },
}

import type { Text } from '../../lib/messages'

export const LICENCE_MESSAGES = {
  institutionNotFound: { en: 'No institution with this id', ar: 'لا توجد مؤسسة بهذا المعرّف' },
  notFound: { en: 'No licence with this id for this institution', ar: 'لا يوجد ترخيص بهذا المعرّف لهذه المؤسسة' },
  noLicence: {
    en: 'This institution has no licence covering today. Ask the platform administrator to add one.',
    ar: 'لا يوجد لهذه المؤسسة ترخيص ساري اليوم. اطلب من مسؤول المنصة إضافة ترخيص.',
  },
  full: (n: number): Text => ({
    en: `All ${n} student places of the current licence are in use. Deactivate students or ask the platform administrator for more places.`,
    ar: `جميع مقاعد الطلاب في الترخيص الحالي (${n}) مستخدمة. عطّل بعض الطلاب أو اطلب من مسؤول المنصة مقاعد إضافية.`,
  }),
}

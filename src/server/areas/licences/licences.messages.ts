export const LICENCE_MESSAGES = {
  institutionNotFound: { en: 'No institution with this id', ar: 'لا توجد مؤسسة بهذا المعرّف' },
  notFound: { en: 'No licence with this id for this institution', ar: 'لا يوجد ترخيص بهذا المعرّف لهذه المؤسسة' },
}

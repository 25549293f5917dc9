export const INSTITUTION_MESSAGES = {
  notFound: { en: 'No institution with this id', ar: 'لا توجد مؤسسة بهذا المعرّف' },
  subdomainTaken: { en: 'Another institution already uses this sub-domain', ar: 'توجد مؤسسة أخرى تستخدم هذا النطاق الفرعي' },
  subdomainReserved: { en: 'This sub-domain is reserved', ar: 'هذا النطاق الفرعي محجوز' },
  subdomainReadOnly: {
    en: 'The sub-domain cannot be changed once the institution exists',
    ar: 'لا يمكن تغيير النطاق الفرعي بعد إنشاء المؤسسة',
  },
  emailTaken: {
    en: 'A user of this institution already uses this email',
    ar: 'يوجد مستخدم في هذه المؤسسة بنفس البريد الإلكتروني',
  },
  adminNotFound: { en: 'No institution administrator with this id', ar: 'لا يوجد مسؤول مؤسسة بهذا المعرّف' },
}

import type { Role } from '../../../shared/roles'
import type { Text } from '../../lib/messages'

export const USER_MESSAGES = {
  notFound: { en: 'No user with this id in this institution', ar: 'لا يوجد مستخدم بهذا المعرّف في هذه المؤسسة' },
  emailTaken: { en: 'A user of this institution already uses this email', ar: 'يوجد مستخدم في هذه المؤسسة بنفس البريد الإلكتروني' },
  roleNotAllowed: { en: 'Your role cannot give this role to a user', ar: 'لا يمكن لدورك منح هذا الدور لمستخدم' },
  cannotManage: { en: 'Your role cannot change this user', ar: 'لا يمكن لدورك تعديل هذا المستخدم' },
  schoolsRequired: { en: 'Tick at least one school for this role', ar: 'اختر مدرسة واحدة على الأقل لهذا الدور' },
  unknownSchool: { en: 'One of the schools does not belong to this institution', ar: 'إحدى المدارس لا تتبع هذه المؤسسة' },
  schoolForbidden: { en: 'You do not have access to one of these schools', ar: 'ليست لديك صلاحية على إحدى هذه المدارس' },
  ownRole: { en: 'You cannot change your own role', ar: 'لا يمكنك تغيير دورك' },
  ownDeactivation: { en: 'You cannot deactivate your own account', ar: 'لا يمكنك تعطيل حسابك' },
  ownDelete: { en: 'You cannot delete your own account', ar: 'لا يمكنك حذف حسابك' },
  readOnly: { en: 'Your role can view users but not add them.', ar: 'يمكن لدورك عرض المستخدمين دون إضافتهم.' },
} satisfies Record<string, Text>

export const ROLE_NAMES: Record<Role, Text> = {
  platform_admin: { en: 'Platform administrator', ar: 'مسؤول المنصة' },
  institution_admin: { en: 'Institution administrator', ar: 'مسؤول المؤسسة' },
  school_admin: { en: 'School administrator', ar: 'مسؤول المدرسة' },
  teacher: { en: 'Teacher', ar: 'معلم' },
  viewer: { en: 'Viewer', ar: 'مشاهد' },
}

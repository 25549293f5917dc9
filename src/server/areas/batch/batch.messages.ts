import type { Text } from '../../lib/messages'
import { BATCH_MAX_REQUESTS } from '../../../shared/schemas/batch'

export const BATCH_MESSAGES = {
  empty: { en: 'A batch must hold at least one request', ar: 'يجب أن تحتوي الدفعة على طلب واحد على الأقل' },
  tooMany: {
    en: `A batch may hold at most ${BATCH_MAX_REQUESTS} requests`,
    ar: `يجب ألا تحتوي الدفعة على أكثر من ${BATCH_MAX_REQUESTS} طلبًا`,
  },
  pathNotAllowed: {
    en: 'Only writes to /api/ addresses may be batched (not sign-in, password, sign-out or batch calls)',
    ar: 'لا يمكن جمع إلا طلبات الكتابة إلى عناوين /api/ في دفعة (لا تسجيل الدخول أو كلمة المرور أو تسجيل الخروج أو الدفعات)',
  },
} satisfies Record<string, Text>

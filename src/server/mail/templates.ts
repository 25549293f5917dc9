import type { Lang } from '../lib/messages'

/** Password-reset and invitation mails, in the language the request was made in plus the other one. */
export function resetPasswordMail(opts: { name: string; link: string; hours: number; lang: Lang }) {
  const en = `Hello ${opts.name},\n\nA request was made to reset your Miscue password. Open this link to choose a new one:\n\n${opts.link}\n\nThe link works once and expires in ${opts.hours} hours. If you did not ask for this, ignore this message.`
  const ar = `مرحبًا ${opts.name}،\n\nطُلبت إعادة تعيين كلمة المرور لحسابك في Miscue. افتح هذا الرابط لاختيار كلمة مرور جديدة:\n\n${opts.link}\n\nيعمل الرابط مرة واحدة وتنتهي صلاحيته بعد ${opts.hours} ساعة. إذا لم تطلب ذلك فتجاهل هذه الرسالة.`
  return {
    subject: opts.lang === 'ar' ? 'إعادة تعيين كلمة المرور في Miscue' : 'Reset your Miscue password',
    text: opts.lang === 'ar' ? `${ar}\n\n---\n\n${en}` : `${en}\n\n---\n\n${ar}`,
  }
}

/** Invitation to a new account: the link sets the first password (same screen as a reset). */
export function invitationMail(opts: { name: string; institution: string; link: string; days: number; lang: Lang }) {
  const en = `Hello ${opts.name},\n\nAn account has been created for you on Miscue for ${opts.institution}. Open this link to choose your password and sign in:\n\n${opts.link}\n\nThe link works once and expires in ${opts.days} days. If it has expired, use "Forgot password" on the sign-in page.`
  const ar = `مرحبًا ${opts.name}،\n\nأُنشئ لك حساب في Miscue لدى ${opts.institution}. افتح هذا الرابط لاختيار كلمة المرور وتسجيل الدخول:\n\n${opts.link}\n\nيعمل الرابط مرة واحدة وتنتهي صلاحيته بعد ${opts.days} أيام. إذا انتهت صلاحيته فاستخدم "نسيت كلمة المرور" في صفحة تسجيل الدخول.`
  return {
    subject: opts.lang === 'ar' ? `دعوة إلى Miscue - ${opts.institution}` : `Your Miscue account for ${opts.institution}`,
    text: opts.lang === 'ar' ? `${ar}\n\n---\n\n${en}` : `${en}\n\n---\n\n${ar}`,
  }
}

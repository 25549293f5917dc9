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

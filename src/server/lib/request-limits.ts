// The limits on what one caller may start (docs/adr/0113 says why these figures), one set per app, and the
// 429 each answers with (bilingual, with Retry-After). Password hashing's own bound is HASHING (crypto.ts).
import type { Lang, Text } from './messages'
import { PerKeyConcurrency, WindowCounter } from './limits'

const MINUTE = 60_000

/** Failed sign-ins from one address (any account names): a school's whole staff behind one address stays far below. */
export const SIGN_IN_FAILURES_PER_ADDRESS = { max: 30, minutes: 10 }
/** Password-reset requests from one address, and for one account (so a mailbox is not flooded). */
export const RESET_REQUESTS_PER_ADDRESS = { max: 10, minutes: 15 }
export const RESET_REQUESTS_PER_ACCOUNT = { max: 3, minutes: 60 }
/** Sittings carrying audio one user may be sending at once (the web's outbox sends one at a time). */
export const AUDIO_SITTINGS_AT_ONCE = 2
/** Report e-mails one user may queue (each builds a workbook in a job). */
export const REPORT_EMAILS_PER_USER = { max: 10, minutes: 10 }

export function createRequestLimits(now: () => number = Date.now) {
  return {
    signInFailures: new WindowCounter(SIGN_IN_FAILURES_PER_ADDRESS.max, SIGN_IN_FAILURES_PER_ADDRESS.minutes * MINUTE, now),
    resetByAddress: new WindowCounter(RESET_REQUESTS_PER_ADDRESS.max, RESET_REQUESTS_PER_ADDRESS.minutes * MINUTE, now),
    resetByAccount: new WindowCounter(RESET_REQUESTS_PER_ACCOUNT.max, RESET_REQUESTS_PER_ACCOUNT.minutes * MINUTE, now),
    audioSittings: new PerKeyConcurrency(AUDIO_SITTINGS_AT_ONCE),
    reportEmails: new WindowCounter(REPORT_EMAILS_PER_USER.max, REPORT_EMAILS_PER_USER.minutes * MINUTE, now),
  }
}
export type RequestLimits = ReturnType<typeof createRequestLimits>

function minutes(seconds: number, lang: Lang): string {
  const n = Math.max(1, Math.ceil(seconds / 60))
  if (lang === 'ar') return n === 1 ? 'دقيقة' : n === 2 ? 'دقيقتين' : n <= 10 ? `${n} دقائق` : `${n} دقيقة`
  return n === 1 ? '1 minute' : `${n} minutes`
}

export const LIMIT_MESSAGES = {
  signInFromAddress: (seconds: number): Text => ({
    en: `Too many failed sign-ins from your network. Try again in ${minutes(seconds, 'en')}.`,
    ar: `محاولات تسجيل دخول فاشلة كثيرة من شبكتك. حاول مرة أخرى بعد ${minutes(seconds, 'ar')}.`,
  }),
  hashingBusy: {
    en: 'The server is busy signing people in. Try again in a moment.',
    ar: 'الخادم مشغول بتسجيل دخول مستخدمين آخرين. حاول مرة أخرى بعد لحظات.',
  } satisfies Text,
  resetRequests: (seconds: number): Text => ({
    en: `Too many password reset requests. Try again in ${minutes(seconds, 'en')}.`,
    ar: `طلبات كثيرة لإعادة تعيين كلمة المرور. حاول مرة أخرى بعد ${minutes(seconds, 'ar')}.`,
  }),
  audioSittings: {
    en: `You are already sending ${AUDIO_SITTINGS_AT_ONCE} readings with audio. This one will be sent when they are done.`,
    ar: `يجري الآن إرسال ${AUDIO_SITTINGS_AT_ONCE} قراءات مع تسجيلها الصوتي. ستُرسل هذه القراءة عند انتهائها.`,
  } satisfies Text,
  reportEmails: (seconds: number): Text => ({
    en: `You have asked for ${REPORT_EMAILS_PER_USER.max} report e-mails in the last ${REPORT_EMAILS_PER_USER.minutes} minutes. Try again in ${minutes(seconds, 'en')}.`,
    ar: `طلبت ${REPORT_EMAILS_PER_USER.max} رسائل تقارير خلال آخر ${REPORT_EMAILS_PER_USER.minutes} دقائق. حاول مرة أخرى بعد ${minutes(seconds, 'ar')}.`,
  }),
}

/** Seconds a busy hashing queue asks the client to wait. */
export const HASHING_RETRY_SECONDS = 2

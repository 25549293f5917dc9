import type { SubjectOption } from '../queries'

/** A subject's name in the UI language (the server keeps both). */
export function subjectName(subject: SubjectOption, locale: string): string {
  return locale.startsWith('ar') ? subject.arabic_display_name || subject.display_name : subject.display_name
}

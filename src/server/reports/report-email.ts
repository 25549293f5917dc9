// Email variants of the report downloads: the request answers at once; the report-email job
// (src/server/jobs/report-email.job.ts) calls emailReport to build the file and mail it as an attachment.
import type { Deps } from '../context'
import { buildReportFile, type ReportRequest } from './report-files'

const SUBJECT: Record<ReportRequest['kind'], { en: string; ar: string }> = {
  tally: { en: 'Tally report', ar: 'تقرير الإحصاء' },
  bundle: { en: 'Assessment bundle report', ar: 'تقرير مجموعة التقييمات' },
  parent: { en: 'Parent report', ar: 'تقرير ولي الأمر' },
  comparative: { en: 'Comparative report', ar: 'تقرير المقارنة' },
}

export const EMAIL_QUEUED = {
  en: 'Email will be sent when report is complete',
  ar: 'سيتم إرسال البريد الإلكتروني عند اكتمال التقرير',
}

/** Builds the report file and mails it to the user who asked. The job handler calls this. */
export async function emailReport(deps: Pick<Deps, 'db' | 'mailer'>, req: ReportRequest): Promise<void> {
  const file = await buildReportFile(deps, req)
  const subject = SUBJECT[req.kind][req.lang]
  const text = req.lang === 'ar'
    ? `مرفق ${subject} للفترة ${req.from_date} – ${req.second_to_date ?? req.to_date}.`
    : `Attached is the ${subject.toLowerCase()} for ${req.from_date} – ${req.second_to_date ?? req.to_date}.`
  await deps.mailer.send({
    to: file.email,
    subject,
    text,
    attachments: [{ filename: file.filename[req.lang], content: file.bytes, contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }],
  })
}

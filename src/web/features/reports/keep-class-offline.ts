// "Keep this class offline": fetches ahead, into this device's report store, everything a teacher reads
// about one class — the common report of each of its assessments, the accuracy list, and the sitting
// report of every row, the progress of each student read and the benchmark view of the season — reporting
// progress as each piece arrives.
import type { QueryClient } from '@tanstack/react-query'
import { accuracyListQuery, classAssessmentsQuery, commonReportQuery, rowsOf } from './queries'
import { keptWritesSettled } from '../../lib/db/kept-fetch'
import { fetchSittingAhead } from './sitting-queries'
import { classBenchmarkQuery } from './benchmark-queries'
import { studentProgressQuery } from './progress-queries'

export type KeepProgress = { done: number; total: number }

export async function keepClassOffline(
  queryClient: QueryClient,
  ids: { schoolId: number; classId: number; yearId: number },
  onProgress: (progress: KeepProgress) => void,
): Promise<KeepProgress> {
  const { schoolId, classId, yearId } = ids
  let done = 0
  let total = 3
  const step = () => onProgress({ done: ++done, total })
  onProgress({ done, total })
  const [assessments, accuracy] = await Promise.all([
    queryClient.fetchQuery(classAssessmentsQuery(classId, yearId)).finally(step),
    queryClient.fetchQuery(accuracyListQuery(schoolId, classId, yearId)).finally(step),
    // The benchmark view of the season today falls in.
    queryClient.fetchQuery(classBenchmarkQuery(classId, yearId, null)).catch(() => undefined).finally(step),
  ])
  const sittings = accuracy
  // The report opens on every assessment (0) first; each assessment of the class can be chosen after.
  const assessmentIds = [0, ...rowsOf(assessments).map((a) => a.assessment_id)]
  const studentIds = [...new Set(sittings.map((row) => row.student_id))]
  total += assessmentIds.length + sittings.length + studentIds.length
  onProgress({ done, total })
  for (const assessmentId of assessmentIds) {
    await queryClient.fetchQuery(commonReportQuery(schoolId, classId, yearId, assessmentId)).finally(step)
  }
  // A few at a time: the server is shared with the rest of the school.
  for (let i = 0; i < sittings.length; i += 4) {
    await Promise.all(sittings.slice(i, i + 4).map((row) => fetchSittingAhead(queryClient, row.student_id, row.id).catch(() => undefined)))
    for (let k = i; k < Math.min(i + 4, sittings.length); k++) step()
  }
  for (const studentId of studentIds) {
    await queryClient.fetchQuery(studentProgressQuery(studentId)).catch(() => undefined).finally(step)
  }
  await keptWritesSettled() // kept means on the device, not on its way there
  return { done, total }
}

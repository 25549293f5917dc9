// Every job the server runs. A job missing here is never worked (its sends would wait forever).
import type { JobDefinition } from './jobs/define-job'
import { copyDemoInstitutionJob } from './areas/demo-institution/copy-demo-institution.job'
import { pruneStoredKeysJob } from './jobs/prune-stored-keys.job'
import { sendMailJob } from './jobs/send-mail.job'
import { reportEmailJob } from './jobs/report-email.job'
import { bulkImportJob } from './jobs/bulk-import.job'
import { forgotPasswordJob } from './areas/auth/forgot-password.job'
import { sittingExportJob } from './jobs/sitting-export.job'

export const ALL_JOBS: readonly JobDefinition<any>[] = [sendMailJob, pruneStoredKeysJob, reportEmailJob, copyDemoInstitutionJob, bulkImportJob, forgotPasswordJob, sittingExportJob]

// Every job the server runs. A job missing here is never worked (its sends would wait forever).
import type { JobDefinition } from './define-job'
import { copyDemoInstitutionJob } from './copy-demo-institution.job'
import { pruneStoredKeysJob } from './prune-stored-keys.job'
import { sendMailJob } from './send-mail.job'
import { reportEmailJob } from './report-email.job'
import { bulkImportJob } from './bulk-import.job'
import { forgotPasswordJob } from './forgot-password.job'
import { sittingExportJob } from './sitting-export.job'

export const ALL_JOBS: readonly JobDefinition<any>[] = [sendMailJob, pruneStoredKeysJob, reportEmailJob, copyDemoInstitutionJob, bulkImportJob, forgotPasswordJob, sittingExportJob]

import { Hono, type Context } from 'hono'
import type { AppEnv } from '../../context'
import { allow, allowUpload, requireAuth } from '../../middleware/auth'
import { institutionHost } from '../../middleware/platform-host'
import { allRows, readListParams } from '../../lib/list-query'
import { xlsxResponse } from '../../lib/xlsx'
import { institutionScope } from '../../lib/request-scope'
import { idParam } from '../../lib/validate'
import { bulkUpload, UPLOAD_ANSWERS } from '../../lib/bulk-upload-request'
import { bulkUploadLimit } from '../../lib/uploaded-spreadsheet'
import { queueBulkImport } from '../../jobs/bulk-import.job'
import { schoolImporter } from './schools.import'
import { can } from '../../../shared/permissions'
import { SchoolSchema, type School } from '../../../shared/schemas/school'
import { SCHOOL_MESSAGES } from './schools.messages'
import { mySchools, schoolListSpec, schoolService } from './schools.service'
import { bodyOf, describe } from '../../lib/route-doc'
import { routes } from '../../../shared/routes'

export const schoolRoutes = new Hono<AppEnv>({ strict: false })
  .use(routes.uploadSchool, institutionHost, requireAuth, allowUpload('school'))
  .post(routes.uploadSchool, describe({ summary: `Upload schools (multipart, field school_excel); ${UPLOAD_ANSWERS}`, tag: 'bulk-upload', bodyLimit: bulkUploadLimit }), (c) => bulkUpload(c, schoolImporter, queueBulkImport))
  .use(routes.mySchools, requireAuth)
  .get(routes.mySchools, describe({ summary: 'Schools the user may work in', tag: 'school' }), async (c) => {
    const results = c.get('institution') ? await mySchools(institutionScope(c)) : []
    return c.json({ payload: { results, count: results.length } })
  })
  .use(routes.allSchools, requireAuth)
  .get(routes.allSchools, describe({ summary: 'Every school of the institution (selector options)', tag: 'school' }), async (c) => {
    const results = await mySchools(institutionScope(c))
    return c.json({ payload: { results, count: results.length } })
  })
  .use(routes.schoolWorkflow, requireAuth)
  .get(routes.schoolWorkflow, describe({ summary: 'Whether schools may be added', tag: 'school' }), (c) => {
    const message = can(c.get('user').role, 'school', 'write') ? null : SCHOOL_MESSAGES.readOnly[c.get('lang')]
    return c.json({ payload: { message } })
  })
  .use(routes.schools, requireAuth)
  .get(routes.schools, describe({ summary: 'List schools', tag: 'school', list: true }), allow('school', 'read'), async (c) => {
    return c.json({ payload: await schoolService.list(institutionScope(c), readListParams(c, schoolListSpec)) })
  })
  // The school report of the bulk-upload screen is the school list as a spreadsheet (its columns are ones the
  // school upload reads back).
  .use(routes.schoolsDownload, requireAuth)
  .get(routes.schoolsDownload, describe({ summary: 'Schools as a spreadsheet', tag: 'school' }), allow('school', 'read'), (c) => schoolsFile(c))
  .use(routes.schoolReport, requireAuth)
  .get(routes.schoolReport, describe({ summary: 'The schools (.xlsx), in columns the school upload reads', tag: 'bulk-upload' }), allow('school', 'read'), (c) => schoolsFile(c))
  .post(routes.schools, describe({ summary: 'Create a school', tag: 'school', body: SchoolSchema }), allow('school', 'write'), async (c) => {
    const s = institutionScope(c)
    const input = await bodyOf(c)
    return c.json({ payload: await schoolService.create(s, input) }, 201)
  })
  .use(routes.school, requireAuth)
  .get(routes.school, describe({ summary: 'Read a school', tag: 'school' }), allow('school', 'read'), async (c) => {
    return c.json({ payload: await schoolService.get(institutionScope(c), idParam(c, 'id')) })
  })
  .put(routes.school, describe({ summary: 'Update a school', tag: 'school', body: SchoolSchema }), allow('school', 'write'), async (c) => {
    const s = institutionScope(c)
    const input = await bodyOf(c)
    return c.json({ payload: await schoolService.update(s, idParam(c, 'id'), input) })
  })
  .delete(routes.school, describe({ summary: 'Delete a school', tag: 'school' }), allow('school', 'write'), async (c) => {
    await schoolService.remove(institutionScope(c), idParam(c, 'id'))
    return c.json({ payload: { deleted: true } })
  })

async function schoolsFile(c: Context<AppEnv>) {
  const lang = c.get('lang')
  const { results } = await schoolService.list(institutionScope(c), allRows(readListParams(c, schoolListSpec)))
  return xlsxResponse<School>(c, {
    filename: { en: 'schools.xlsx', ar: 'المدارس.xlsx' },
    sheet: { en: 'Schools', ar: 'المدارس' },
    lang,
    rows: results,
    columns: [
      { header: { en: 'Identifier', ar: 'المعرّف' }, value: (r) => r.identifier },
      { header: { en: 'Name', ar: 'الاسم' }, value: (r) => r.display_name },
      { header: { en: 'Arabic name', ar: 'الاسم بالعربية' }, value: (r) => r.arabic_display_name },
      { header: { en: 'Phone', ar: 'الهاتف' }, value: (r) => r.phone_number },
      { header: { en: 'Country', ar: 'الدولة' }, value: (r) => r.school_address.country },
      { header: { en: 'State', ar: 'الإمارة / الولاية' }, value: (r) => r.school_address.state },
      { header: { en: 'City', ar: 'المدينة' }, value: (r) => r.school_address.city },
      { header: { en: 'Street', ar: 'الشارع' }, value: (r) => r.school_address.street },
      { header: { en: 'Zip code', ar: 'الرمز البريدي' }, value: (r) => r.school_address.zipcode },
    ],
  })
}

import { Hono } from 'hono'
import type { AppEnv } from '../../context'
import { allow, requireAuth } from '../../middleware/auth'
import { allRows, readListParams } from '../../lib/list-query'
import { xlsxResponse } from '../../lib/xlsx'
import { institutionScope } from '../../lib/request-scope'
import { idParam } from '../../lib/validate'
import { can } from '../../../shared/permissions'
import { AcademicYearSchema } from '../../../shared/schemas/academic-year'
import { academicYearService, YEAR_MESSAGES, yearListSpec } from './academic-years.service'
import { bodyOf, describe } from '../../lib/route-doc'
import { routes } from '../../../shared/routes'

export const academicYearRoutes = new Hono<AppEnv>({ strict: false })
  .use(routes.academicYearWorkflow, requireAuth)
  .get(routes.academicYearWorkflow, describe({ summary: 'Whether academic years may be added', tag: 'academic-year' }), (c) => {
    const message = can(c.get('user').role, 'academic-year', 'write') ? null : YEAR_MESSAGES.readOnly[c.get('lang')]
    return c.json({ payload: { message } })
  })
  .use(routes.academicYears, requireAuth)
  .get(routes.academicYears, describe({ summary: 'Academic years of the institution', tag: 'academic-year' }), allow('academic-year', 'read'), async (c) => {
    if (!c.get('institution')) return c.json({ payload: { results: [], count: 0 } })
    return c.json({ payload: await academicYearService.list(institutionScope(c), readListParams(c, yearListSpec)) })
  })
  .use(routes.academicYearsDownload, requireAuth)
  .get(routes.academicYearsDownload, describe({ summary: 'Academic years as a spreadsheet', tag: 'academic-year' }), allow('academic-year', 'read'), async (c) => {
    const lang = c.get('lang')
    const { results } = await academicYearService.list(institutionScope(c), allRows(readListParams(c, yearListSpec)))
    return xlsxResponse(c, {
      filename: { en: 'academic-years.xlsx', ar: 'السنوات الدراسية.xlsx' },
      sheet: { en: 'Academic years', ar: 'السنوات الدراسية' },
      lang,
      rows: results,
      columns: [
        { header: { en: 'Academic year', ar: 'السنة الدراسية' }, value: (r) => r.display_name },
        { header: { en: 'Active', ar: 'نشطة' }, value: (r) => (r.is_active ? (lang === 'ar' ? 'نعم' : 'Yes') : lang === 'ar' ? 'لا' : 'No') },
      ],
    })
  })
  .post(routes.academicYears, describe({ summary: 'Create an academic year', tag: 'academic-year', body: AcademicYearSchema }), allow('academic-year', 'write'), async (c) => {
    const s = institutionScope(c)
    const input = await bodyOf(c)
    return c.json({ payload: await academicYearService.create(s, input) }, 201)
  })
  .use(routes.academicYear, requireAuth)
  .get(routes.academicYear, describe({ summary: 'Read an academic year', tag: 'academic-year' }), allow('academic-year', 'read'), async (c) => {
    return c.json({ payload: await academicYearService.get(institutionScope(c), idParam(c, 'id')) })
  })
  .put(routes.academicYear, describe({ summary: 'Update an academic year', tag: 'academic-year', body: AcademicYearSchema }), allow('academic-year', 'write'), async (c) => {
    const s = institutionScope(c)
    const input = await bodyOf(c)
    return c.json({ payload: await academicYearService.update(s, idParam(c, 'id'), input) })
  })
  .delete(routes.academicYear, describe({ summary: 'Delete an academic year', tag: 'academic-year' }), allow('academic-year', 'write'), async (c) => {
    await academicYearService.remove(institutionScope(c), idParam(c, 'id'))
    return c.json({ payload: { deleted: true } })
  })

import * as v from 'valibot'
import { Hono } from 'hono'
import type { AppEnv } from '../../context'
import { allow, requireAuth } from '../../middleware/auth'
import { schoolAccess } from '../../middleware/school-access'
import { allRows, readListParams } from '../../lib/list-query'
import { xlsxResponse } from '../../lib/xlsx'
import { type MessageKey, text } from '../../lib/messages'
import { idParam } from '../../lib/validate'
import { institutionScope } from '../../lib/request-scope'
import { can, type Resource } from '../../../shared/permissions'
import type { CatalogService } from './school-catalog.service'
import { bodyOf, describe } from '../../lib/route-doc'

type CatalogRoutesConfig = {
  /** Path segment and permission resource: 'grade' or 'section'. */
  resource: Extract<Resource, 'grade' | 'section'>
  schema: v.ObjectSchema<v.ObjectEntries, undefined>
  service: CatalogService
  readOnlyMessage: MessageKey
  /** Spreadsheet file and sheet names. */
  title: { en: string; ar: string }
  /** The area's patterns from the route table (shared/routes.ts). */
  paths: { list: string; one: string; download: string; workflow: string }
}

/** GET list / POST, GET / PUT / DELETE by id under /school/:schoolId/<resource>/, plus the work-flow call. */
export function catalogRoutes({ resource, schema, service, readOnlyMessage, title, paths }: CatalogRoutesConfig) {
  const withUpdatedAt = v.object({ ...schema.entries, updated_at: v.optional(v.pipe(v.string(), v.isoTimestamp())) })
  return new Hono<AppEnv>({ strict: false })
    .use(`${paths.list}/*`, requireAuth, schoolAccess)
    .use(paths.list, requireAuth, schoolAccess)
    .use(paths.workflow, requireAuth, schoolAccess)
    .get(paths.workflow, describe({ summary: `Whether ${resource}s may be added here (payload.message disables Add)`, tag: resource }), (c) => {
      // A non-null message disables Add in the list and is shown to the user.
      const message = can(c.get('user').role, resource, 'write') ? null : text(readOnlyMessage, c.get('lang'))
      return c.json({ payload: { message } })
    })
    .get(paths.list, describe({ summary: `List ${resource}s of a school`, tag: resource, list: true }), allow(resource, 'read'), async (c) => {
      return c.json({ payload: await service.list(institutionScope(c), idParam(c, 'schoolId'), readListParams(c, service.listSpec)) })
    })
    .get(paths.download, describe({ summary: `${title.en} as a spreadsheet`, tag: resource }), allow(resource, 'read'), async (c) => {
      const lang = c.get('lang')
      const { results } = await service.list(institutionScope(c), idParam(c, 'schoolId'), allRows(readListParams(c, service.listSpec)))
      return xlsxResponse(c, {
        filename: { en: `${title.en.toLowerCase()}.xlsx`, ar: `${title.ar}.xlsx` },
        sheet: title,
        lang,
        rows: results,
        columns: [
          { header: { en: 'Identifier', ar: 'المعرّف' }, value: (r) => r.identifier },
          { header: { en: 'Display name', ar: 'الاسم المعروض' }, value: (r) => r.display_name },
        ],
      })
    })
    .post(paths.list, describe({ summary: `Create a ${resource}`, tag: resource, body: schema }), allow(resource, 'write'), async (c) => {
      const input = (await bodyOf(c)) as { identifier: string; display_name: string }
      return c.json({ payload: await service.create(institutionScope(c), idParam(c, 'schoolId'), input) }, 201)
    })
    .get(paths.one, describe({ summary: `Read a ${resource}`, tag: resource }), allow(resource, 'read'), async (c) => {
      return c.json({ payload: await service.get(institutionScope(c), idParam(c, 'schoolId'), idParam(c, 'id')) })
    })
    .put(paths.one, describe({ summary: `Update a ${resource} (send updated_at to detect conflicting edits)`, tag: resource, body: withUpdatedAt }), allow(resource, 'write'), async (c) => {
      const input = (await bodyOf(c)) as { identifier: string; display_name: string; updated_at?: string }
      return c.json({ payload: await service.update(institutionScope(c), idParam(c, 'schoolId'), idParam(c, 'id'), input) })
    })
    .delete(paths.one, describe({ summary: `Delete a ${resource} (409 while classes use it)`, tag: resource }), allow(resource, 'write'), async (c) => {
      await service.remove(institutionScope(c), idParam(c, 'schoolId'), idParam(c, 'id'))
      return c.json({ payload: { deleted: true } })
    })
}

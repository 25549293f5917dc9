import { Hono } from 'hono'
import type { AppEnv } from '../../context'
import { allow, requireAuth } from '../../middleware/auth'
import { institutionHost, platformHost } from '../../middleware/platform-host'
import { allRows, readListParams } from '../../lib/list-query'
import { xlsxResponse } from '../../lib/xlsx'
import { idParam } from '../../lib/validate'
import { requestScope } from '../../lib/request-scope'
import {
  ClientAdminCreateSchema,
  ClientAdminUpdateSchema,
  InstitutionCreateSchema,
  InstitutionUpdateSchema,
  type InstitutionListRow,
} from '../../../shared/schemas/institution'
import { institutionListSpec, institutionService as service } from './institutions.service'
import { bodyOf, describe } from '../../lib/route-doc'
import { routes } from '../../../shared/routes'

/**
 * Institutions, their administrators and the institution selector. Management calls exist only on the
 * platform host (404 on an institution's host); GET /client_admin/ only on an institution's host.
 */
export const institutionRoutes = new Hono<AppEnv>({ strict: false })
  .use(routes.institutions, platformHost, requireAuth)
  .use(`${routes.institutions}/*`, platformHost, requireAuth)
  .get(routes.institutionsDownload, describe({ summary: 'Institutions as a spreadsheet (platform host)', tag: 'institution' }), allow('institution', 'read'), async (c) => {
    const lang = c.get('lang')
    const { results } = await service.list(requestScope(c), allRows(readListParams(c, institutionListSpec)))
    return xlsxResponse<InstitutionListRow>(c, {
      filename: { en: 'institutions.xlsx', ar: 'المؤسسات.xlsx' },
      sheet: { en: 'Institutions', ar: 'المؤسسات' },
      lang,
      rows: results,
      columns: [
        { header: { en: 'Organization name', ar: 'اسم المؤسسة' }, value: (r) => r.organization_name },
        { header: { en: 'Sub-domain', ar: 'النطاق الفرعي' }, value: (r) => r.subdomain_name },
        { header: { en: 'Acronym', ar: 'الاختصار' }, value: (r) => r.acronym },
        { header: { en: 'Licence', ar: 'الترخيص' }, value: (r) => String(r.licence).toUpperCase() },
        { header: { en: 'Schools', ar: 'المدارس' }, value: (r) => r.schools_count },
      ],
    })
  })
  .get(routes.institutions, describe({ summary: 'List institutions with licence status (ACTIVE, EXHAUSTED, UPCOMING, EXPIRED, NONE) and schools count; platform host', tag: 'institution', list: true }), allow('institution', 'read'), async (c) => {
    return c.json({ payload: await service.list(requestScope(c), readListParams(c, institutionListSpec)) })
  })
  .post(routes.institutions, describe({ summary: 'Create an institution and its first administrator (invited by mail); platform host', tag: 'institution', body: InstitutionCreateSchema }), allow('institution', 'write'), async (c) => {
    const input = await bodyOf(c)
    return c.json({ payload: await service.create(requestScope(c), input, c.get('deps')) }, 201)
  })
  .post(routes.institutionAdmin, describe({ summary: 'Add an administrator to institution `client` (invited by mail)', tag: 'institution', body: ClientAdminCreateSchema }), allow('institution', 'write'), async (c) => {
    const input = await bodyOf(c)
    return c.json({ payload: await service.createAdmin(requestScope(c), input, c.get('deps')) }, 201)
  })
  .put(routes.institutionAdminById, describe({ summary: 'Update an institution administrator', tag: 'institution', body: ClientAdminUpdateSchema }), allow('institution', 'write'), async (c) => {
    const input = await bodyOf(c)
    return c.json({ payload: await service.updateAdmin(requestScope(c), idParam(c, 'id'), input) })
  })
  .get(routes.institution, describe({ summary: 'Read an institution with its first administrator', tag: 'institution' }), allow('institution', 'read'), async (c) => {
    return c.json({ payload: await service.get(requestScope(c), idParam(c, 'id')) })
  })
  .put(routes.institution, describe({ summary: 'Update an institution (subdomain_name must be unchanged; has_multiple_school ignored)', tag: 'institution', body: InstitutionUpdateSchema }), allow('institution', 'write'), async (c) => {
    const input = await bodyOf(c)
    return c.json({ payload: await service.update(requestScope(c), idParam(c, 'id'), input) })
  })
  // The institution selector: platform staff may switch institution from any host.
  .use(routes.institutionOptions, requireAuth)
  .get(routes.institutionOptions, describe({ summary: 'Institution selector options {id, organization_name, subdomain_name}', tag: 'institution' }), allow('institution', 'read'), async (c) => {
    const results = await service.options(c.get('deps').db)
    return c.json({ payload: { results, count: results.length } })
  })
  .use(routes.institutionAdmins, institutionHost, requireAuth)
  .get(routes.institutionAdmins, describe({ summary: 'Administrators of the institution of this host', tag: 'institution' }), allow('institution', 'read'), async (c) => {
    const results = await service.admins(c.get('deps').db, c.get('institution')!.id)
    return c.json({ payload: { results, count: results.length } })
  })

import { Hono } from 'hono'
import type { AppEnv } from '../../context'
import { allow, allowUpload, requireAuth } from '../../middleware/auth'
import { schoolAccess } from '../../middleware/school-access'
import { institutionHost } from '../../middleware/platform-host'
import { allRows, readListParams } from '../../lib/list-query'
import { xlsxResponse } from '../../lib/xlsx'
import { institutionScope } from '../../lib/request-scope'
import { idParam } from '../../lib/validate'
import { bulkUpload, UPLOAD_ANSWERS } from '../../lib/bulk-upload-request'
import { bulkUploadLimit } from '../../lib/uploaded-spreadsheet'
import { queueBulkImport } from '../../jobs/bulk-import.job'
import { teacherImporter } from './users.import'
import { can } from '../../../shared/permissions'
import { UserSchema, UserSchoolsSchema, type UserRow } from '../../../shared/schemas/user'
import { teachersOfSchool, userListSpec, userService as service } from './users.service'
import { bodyOf, describe } from '../../lib/route-doc'
import { routes } from '../../../shared/routes'

/** Users of the institution of the host (404 on the platform host). */
export const userRoutes = new Hono<AppEnv>({ strict: false })
  // Teachers from a spreadsheet, mapped to the school in the path (ADR 0080).
  .use(routes.uploadTeacher, requireAuth, schoolAccess, allowUpload('teacher'))
  .post(routes.uploadTeacher, describe({ summary: `Upload teachers of a school (multipart, field teacher_excel; each invited by mail); ${UPLOAD_ANSWERS}`, tag: 'bulk-upload', bodyLimit: bulkUploadLimit }), (c) => bulkUpload(c, teacherImporter, queueBulkImport, () => ({ schoolId: idParam(c, 'schoolId') })))
  // The school's teachers, in columns the teacher upload reads back.
  .use(routes.teacherReport, requireAuth, schoolAccess)
  .get(routes.teacherReport, describe({ summary: "The school's teachers (.xlsx), in columns the teacher upload reads", tag: 'bulk-upload' }), allow('user', 'read'), async (c) => {
    const lang = c.get('lang')
    return xlsxResponse(c, {
      filename: { en: 'teachers.xlsx', ar: 'المعلمون.xlsx' },
      sheet: { en: 'Teachers', ar: 'المعلمون' },
      lang,
      rows: await teachersOfSchool(institutionScope(c), idParam(c, 'schoolId')),
      columns: [
        { header: { en: 'First name', ar: 'الاسم الأول' }, value: (r) => r.first_name },
        { header: { en: 'Last name', ar: 'اسم العائلة' }, value: (r) => r.last_name },
        { header: { en: 'Email', ar: 'البريد الإلكتروني' }, value: (r) => r.email },
        { header: { en: 'Phone', ar: 'الهاتف' }, value: (r) => r.phone_number },
        { header: { en: 'Known languages', ar: 'اللغات المعروفة' }, value: (r) => r.known_languages },
      ],
    })
  })
  .use(routes.userWorkflow, institutionHost, requireAuth)
  .get(routes.userWorkflow, describe({ summary: 'Whether users may be added (payload.message disables Add)', tag: 'user' }), allow('user', 'read'), (c) => {
    return c.json({ payload: { message: service.workflowMessage(institutionScope(c), can(c.get('user').role, 'user', 'write')) } })
  })
  .use(routes.users, institutionHost, requireAuth)
  .use(`${routes.users}/*`, institutionHost, requireAuth)
  .get(routes.usersDownload, describe({ summary: 'Users as a spreadsheet', tag: 'user' }), allow('user', 'read'), async (c) => {
    const lang = c.get('lang')
    const { results } = await service.list(institutionScope(c), allRows(readListParams(c, userListSpec)))
    const yes = lang === 'ar' ? 'نعم' : 'Yes'
    const no = lang === 'ar' ? 'لا' : 'No'
    return xlsxResponse<UserRow>(c, {
      filename: { en: 'users.xlsx', ar: 'المستخدمون.xlsx' },
      sheet: { en: 'Users', ar: 'المستخدمون' },
      lang,
      rows: results,
      columns: [
        { header: { en: 'Name', ar: 'الاسم' }, value: (r) => r.name },
        { header: { en: 'Email', ar: 'البريد الإلكتروني' }, value: (r) => r.email },
        { header: { en: 'Role', ar: 'الدور' }, value: (r) => r.role_name },
        { header: { en: 'Phone', ar: 'الهاتف' }, value: (r) => r.userprofile.phone_number },
        { header: { en: 'Active', ar: 'نشط' }, value: (r) => (r.is_active ? yes : no) },
        { header: { en: 'Schools', ar: 'المدارس' }, value: (r) => r.school_names.join(', ') },
      ],
    })
  })
  .get(routes.users, describe({ summary: 'List users (search first_name, last_name, email, role); school admins see users of their schools', tag: 'user', list: true }), allow('user', 'read'), async (c) => {
    return c.json({ payload: await service.list(institutionScope(c), readListParams(c, userListSpec)) })
  })
  .post(routes.users, describe({ summary: 'Create a user with a role from create_roles; mails a 7-day set-password invitation', tag: 'user', body: UserSchema }), allow('user', 'write'), async (c) => {
    const input = await bodyOf(c)
    return c.json({ payload: await service.create(institutionScope(c), input, c.get('deps')) }, 201)
  })
  .get(routes.user, describe({ summary: 'Read a user', tag: 'user' }), allow('user', 'read'), async (c) => {
    return c.json({ payload: await service.get(institutionScope(c), idParam(c, 'id')) })
  })
  .put(routes.user, describe({ summary: 'Update a user (deactivation revokes its sessions; not your own role or activity)', tag: 'user', body: UserSchema }), allow('user', 'write'), async (c) => {
    const input = await bodyOf(c)
    return c.json({ payload: await service.update(institutionScope(c), idParam(c, 'id'), input, c.get('deps')) })
  })
  .delete(routes.user, describe({ summary: 'Delete a user (not yourself)', tag: 'user' }), allow('user', 'write'), async (c) => {
    await service.remove(institutionScope(c), idParam(c, 'id'))
    return c.json({ payload: { deleted: true } })
  })
  .get(routes.userSchools, describe({ summary: 'School ids mapped to a user (payload.schools)', tag: 'user' }), allow('user', 'read'), async (c) => {
    return c.json({ payload: { schools: await service.schools(institutionScope(c), idParam(c, 'id')) } })
  })
  .post(routes.userSchools, describe({ summary: 'Set the schools of a user', tag: 'user', body: UserSchoolsSchema }), allow('user', 'write'), async (c) => {
    const input = await bodyOf(c)
    return c.json({ payload: { schools: await service.setSchools(institutionScope(c), idParam(c, 'id'), input.schools) } })
  })

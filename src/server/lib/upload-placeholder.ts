// Bulk spreadsheet uploads that are not built yet: the file is checked (present, .xls/.xlsx, and its content
// really is a spreadsheet) and the answer says plainly that the import itself is not available yet (501).
import type { Context } from 'hono'
import type { AppEnv } from '../context'
import { HttpError } from './http-error'
import { assertSafeSpreadsheet } from './spreadsheet-upload'
import type { Text } from './messages'

const NEED_FILE: Text = { en: 'Attach the spreadsheet (.xls or .xlsx)', ar: 'أرفق ملف جدول البيانات (.xls أو .xlsx)' }
const NOT_YET: Text = {
  en: 'The file is a valid spreadsheet, but importing it is not available yet. Nothing was changed; add the rows in the form for now.',
  ar: 'الملف جدول بيانات صالح، لكن استيراده غير متاح بعد. لم يتغير شيء؛ أضف الصفوف من النموذج حاليًا.',
}

export async function spreadsheetUploadPlaceholder(c: Context<AppEnv>, field: string): Promise<Response> {
  const lang = c.get('lang')
  if (!(c.req.header('content-type') ?? '').toLowerCase().startsWith('multipart/form-data')) throw HttpError.say(400, NEED_FILE, lang, field, 'required')
  let form: Record<string, string | File>
  try {
    form = await c.req.parseBody()
  } catch {
    throw HttpError.say(400, NEED_FILE, lang, field, 'required')
  }
  const file = form[field]
  if (!file || typeof file === 'string') throw HttpError.say(400, NEED_FILE, lang, field, 'required')
  // Type, size, entry count and unzipped size, checked before anything parses the workbook.
  assertSafeSpreadsheet(file.name, new Uint8Array(await file.arrayBuffer()), lang, field)
  return c.json({ message: { errors: [NOT_YET[lang]] } }, 501)
}

// Reads the spreadsheet of a bulk upload from a multipart request: present under its field, named .xls or
// .xlsx, really a spreadsheet, small enough, and safe to unpack (spreadsheet-upload.ts) — all before any
// parser sees it. The route's body limit (bulkUploadLimit) has already refused anything larger.
import type { Context } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import type { AppEnv } from '../context'
import { BULK_LIMITS } from '../../shared/bulk/upload-kinds'
import { HttpError } from './http-error'
import type { Text } from './messages'
import { assertSafeSpreadsheet } from './spreadsheet-upload'

const NEED_FILE: Text = { en: 'Attach the spreadsheet (.xls or .xlsx)', ar: 'أرفق ملف جدول البيانات (.xls أو .xlsx)' }
const TOO_LARGE: Text = {
  en: `The spreadsheet is larger than ${BULK_LIMITS.maxBytes / 1024 / 1024} MB`,
  ar: `جدول البيانات أكبر من ${BULK_LIMITS.maxBytes / 1024 / 1024} ميغابايت`,
}

/** The upload calls' body limit: the largest spreadsheet plus room for the multipart envelope. */
export const bulkUploadLimit = bodyLimit({
  maxSize: BULK_LIMITS.maxBytes + 64 * 1024,
  onError: (c) => {
    throw HttpError.say(413, TOO_LARGE, c.get('lang'), undefined, 'too_large')
  },
})

export type UploadedSpreadsheet = { name: string; bytes: Uint8Array; type: 'xlsx' | 'xls'; fields: Record<string, string> }

/** The file under `field` (400/413 with a clear message otherwise) and the other form fields. */
export async function uploadedSpreadsheet(c: Context<AppEnv>, field: string): Promise<UploadedSpreadsheet> {
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
  const bytes = new Uint8Array(await file.arrayBuffer())
  const type = assertSafeSpreadsheet(file.name, bytes, lang, field)
  const fields: Record<string, string> = {}
  for (const [key, value] of Object.entries(form)) if (typeof value === 'string') fields[key] = value
  return { name: file.name.slice(0, 255), bytes, type, fields }
}

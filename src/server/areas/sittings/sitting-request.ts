// How POST /api/sitting/ arrives (ADR 0131): JSON (audio, if any, as a data URL), or multipart with the sitting's
// JSON body in the part `sitting` beside the `audio` file. Either way the body is then validated by the shared
// SittingSchema, as every JSON route's is. Tablets that held sittings in their outbox when the app was updated
// replay them in the earlier multipart shape, one form field per property: sittingFromFormFields turns those
// fields into the same JSON body, so they land as they would have.
import type { Context } from 'hono'
import type { AppEnv } from '../../context'
import { HttpError } from '../../lib/http-error'
import type { Lang } from '../../lib/messages'
import { jsonBody } from '../../lib/validate'
import { SITTING_PART } from '../../../shared/schemas/sitting'
import { SITTING_MESSAGES as M } from './sittings.messages'
import { type AudioUpload, audioFromDataUrl } from './sittings.service'

export async function readSittingRequest(c: Context<AppEnv>): Promise<{ body: unknown; audio: AudioUpload | null }> {
  const lang = c.get('lang')
  if (!(c.req.header('content-type') ?? '').toLowerCase().startsWith('multipart/form-data')) {
    const body = (await jsonBody(c)) as Record<string, unknown>
    const audio = body && typeof body.audio === 'string' && body.audio !== '' ? audioFromDataUrl(lang, body.audio) : null
    return { body, audio }
  }
  let form: Record<string, string | File>
  try {
    form = await c.req.parseBody()
  } catch {
    throw HttpError.say(400, M.badMultipart, lang)
  }
  const { audio: audioPart, [SITTING_PART]: sittingPart, ...rest } = form
  const audio = await audioOf(lang, audioPart)
  if (sittingPart === undefined) return { body: sittingFromFormFields(lang, textFields(rest)), audio }
  if (typeof sittingPart !== 'string') throw HttpError.say(400, M.badSittingPart, lang, SITTING_PART)
  try {
    return { body: JSON.parse(sittingPart), audio }
  } catch {
    throw HttpError.say(400, M.badSittingPart, lang, SITTING_PART)
  }
}

async function audioOf(lang: Lang, part: string | File | undefined): Promise<AudioUpload | null> {
  if (part === undefined || part === '') return null
  if (typeof part === 'string') return audioFromDataUrl(lang, part)
  return { bytes: new Uint8Array(await part.arrayBuffer()), type: part.type }
}

function textFields(form: Record<string, string | File>): Record<string, string> {
  return Object.fromEntries(Object.entries(form).filter((e): e is [string, string] => typeof e[1] === 'string'))
}

const NUMBER_FIELDS = ['student', 'assessment', 'class', 'academic_year', 'total_attempted', 'total_question', 'duration', 'bracket_word']
const JSON_FIELDS = ['scoring_profile', 'scored_types', 'comprehension', 'reading_gaps']

/**
 * The JSON body a sitting in the earlier multipart shape was built from: whole numbers as numbers, `discontinued`
 * as a boolean, `marks` as a JSON list, the other objects and lists as JSON text. Anything else is left as sent
 * for the schema to refuse.
 */
export function sittingFromFormFields(lang: Lang, fields: Record<string, string>): Record<string, unknown> {
  const body: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(fields)) {
    if (key === 'marks') {
      try {
        body.marks = value.trim() === '' ? [] : JSON.parse(value)
      } catch {
        throw HttpError.say(400, M.badMarks, lang, 'marks')
      }
    } else if (JSON_FIELDS.includes(key)) {
      try {
        body[key] = value.trim() === '' ? undefined : JSON.parse(value)
      } catch {
        body[key] = value
      }
    } else if (NUMBER_FIELDS.includes(key)) body[key] = /^\d+$/.test(value.trim()) ? Number(value) : value
    else if (key === 'discontinued') body[key] = value === 'true' ? true : value === 'false' ? false : value
    else body[key] = value
  }
  return body
}

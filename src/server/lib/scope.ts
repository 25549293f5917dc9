import type { Context } from 'hono'
import type { AppEnv, Scope } from '../context'
import { HttpError } from './http-error'

/** Who asks and where, for services; institution-only calls on the platform host are 404. */
export function scopeOf(c: Context<AppEnv>, opts: { institution: 'required' | 'optional' } = { institution: 'required' }): Scope {
  const institution = c.get('institution')
  if (opts.institution === 'required' && !institution) throw HttpError.of(404, 'notFound', c.get('lang'))
  return { db: c.get('deps').db, lang: c.get('lang'), institution, user: c.get('user') }
}

// Every page's title in the interface's language (issue 24): built for each route of the app, no part of it is a
// bare path segment ("Reports · student"), in English or Arabic.
import { readdirSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import { createI18nFor } from '../../lib/i18n/i18n'
import { pageTitle } from './page-title'

const ROUTES = join(__dirname, '../../routes/_app')

/** The app's paths from its route files (`$id.edit.tsx` → `/12/edit`), ids filled in. */
function appPaths(dir = ROUTES): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.name.startsWith('-')) return []
    if (entry.isDirectory()) return appPaths(path)
    if (!entry.name.endsWith('.tsx')) return []
    const route = relative(ROUTES, path).replace(/\.tsx$/, '').replace(/\./g, '/').split('/')
      .filter((s) => s !== 'index').map((s) => (s === '$area' ? 'grade' : s.startsWith('$') ? '12' : s))
    return [`/${route.join('/')}`]
  })
}

describe('page titles', () => {
  const paths = appPaths()

  it('name the sitting report and the student report', () => {
    expect(pageTitle('/report/5/student/9', createI18nFor('en'))).toBe('Reports · Sitting report')
    expect(pageTitle('/report/5/student/9', createI18nFor('ar'))).toBe('التقارير · تقرير الجلسة')
    expect(pageTitle('/report/5/student', createI18nFor('en'))).toBe('Reports · Student report')
    expect(pageTitle('/report', createI18nFor('en'))).toBe('Reports')
  })

  it('have no bare path segment in English, and no Latin letters in Arabic, on any page', () => {
    expect(paths.length).toBeGreaterThan(40)
    const en = createI18nFor('en')
    const ar = createI18nFor('ar')
    const bare = paths.filter((p) => pageTitle(p, en).split(' · ').some((part) => /^[a-z][a-z-]*$/.test(part)))
    const latin = paths.filter((p) => /[a-z]/i.test(pageTitle(p, ar)))
    expect({ bare, latin }).toEqual({ bare: [], latin: [] })
  })
})

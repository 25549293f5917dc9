import { beforeAll, describe, expect, it } from 'vitest'
import { activateLanguage, i18n } from '../../lib/i18n/i18n'
import { reportTypeLabel, scopeLabel } from './report-labels'

beforeAll(() => {
  activateLanguage('en')
})

describe('report labels', () => {
  it('names built-in types, and custom types (100 + library id) by their library', () => {
    expect(reportTypeLabel(i18n, 1)).toBe('Common miscue report')
    expect(reportTypeLabel(i18n, 6)).toBe('Tally report')
    expect(reportTypeLabel(i18n, 107, new Map([[7, 'Term report']]))).toBe('Custom report: Term report')
    expect(reportTypeLabel(i18n, 107)).toBe('Custom report 107')
  })

  it('names the scopes: class 3, school 2, institution 1', () => {
    expect([3, 2, 1].map((s) => scopeLabel(i18n, s))).toEqual(['Class', 'School', 'Institution'])
  })
})

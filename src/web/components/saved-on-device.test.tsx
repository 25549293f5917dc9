import { describe, expect, it } from 'vitest'
import { timeAgo } from './saved-on-device'

describe('timeAgo', () => {
  const now = Date.parse('2026-11-24T12:00:00Z')
  it('says how old saved data is, in English and Arabic', () => {
    expect(timeAgo(now - 2 * 3600_000, 'en', now)).toBe('2 hours ago')
    expect(timeAgo(now - 2 * 3600_000, 'ar', now)).toBe('قبل ساعتين')
    expect(timeAgo(now - 3 * 24 * 3600_000, 'en', now)).toBe('3 days ago')
    expect(timeAgo(now - 10_000, 'en', now)).toBe('now')
  })
})

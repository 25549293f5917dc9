// Look-ups kept in memory are used only while fresh and only while this process hears every change of
// access; a change names what to forget.
import { describe, expect, it } from 'vitest'
import { AccessCache, type TokenOwner } from './access-cache'

const owner = (id: number, tokenInstitution = 1): TokenOwner => ({
  tokenId: id * 10, lastUsed: new Date(), expiresAt: new Date(Date.now() + 3600_000), tokenInstitution,
  id, institution_id: tokenInstitution, email: `u${id}@x.test`, first_name: 'U', last_name: String(id), role: 'teacher',
})

describe('access cache', () => {
  it('forgets a user’s tokens and schools when their access changes, and nothing else', () => {
    const cache = new AccessCache(30_000)
    cache.keepToken('a', owner(1))
    cache.keepToken('b', owner(2))
    cache.keepSchoolsOf(1, [5])
    cache.changed('user:1')
    expect(cache.token('a')).toBeUndefined()
    expect(cache.schoolsOf(1)).toBeUndefined()
    expect(cache.token('b')?.id).toBe(2)
  })

  it('forgets a school, and an institution with the tokens it issued', () => {
    const cache = new AccessCache(30_000)
    cache.keepSchoolInstitution(5, 1)
    cache.keepInstitution('sample', { id: 1, organization_name: 'S', subdomain_name: 'sample' })
    cache.keepToken('a', owner(1, 1))
    cache.keepToken('b', owner(2, 2))
    cache.changed('school:5')
    expect(cache.schoolInstitution(5)).toBeUndefined()
    cache.changed('institution:1')
    expect(cache.institution('sample')).toBeUndefined()
    expect(cache.token('a')).toBeUndefined()
    expect(cache.token('b')?.id).toBe(2)
  })

  it('uses nothing older than its lifetime, and keeps nothing while it cannot hear changes', () => {
    let now = 1_000
    const cache = new AccessCache(30_000, { now: () => now })
    cache.keepToken('a', owner(1))
    now += 30_001
    expect(cache.token('a')).toBeUndefined()

    cache.keepToken('a', owner(1))
    cache.setListening(false)
    expect(cache.token('a')).toBeUndefined()
    cache.keepToken('a', owner(1))
    expect(cache.token('a')).toBeUndefined()
    cache.setListening(true)
    cache.keepToken('a', owner(1))
    expect(cache.token('a')?.id).toBe(1)
  })
})

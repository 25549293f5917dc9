import { describe, expect, it } from 'vitest'
import { fillRowLink } from './row-link'

describe('fillRowLink', () => {
  it('replaces each {{field}} with the row value, URL-encoded', () => {
    expect(fillRowLink('/institution/{{id}}/license', { id: 12 })).toBe('/institution/12/license')
    expect(fillRowLink('/student?field=class_name&q={{ display_name }}', { display_name: 'الأول أ' }))
      .toBe(`/student?field=class_name&q=${encodeURIComponent('الأول أ')}`)
  })

  it('leaves no placeholder behind for a missing field', () => {
    expect(fillRowLink('/x/{{missing}}/y', {})).toBe('/x//y')
  })
})

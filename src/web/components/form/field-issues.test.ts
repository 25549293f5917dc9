import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { fieldIssues } from './field-issues'

describe('fieldIssues', () => {
  it('names fields the way TanStack Form does, nested arrays included', () => {
    const schema = v.object({
      name: v.pipe(v.string(), v.minLength(4, 'too_short')),
      switches: v.pipe(v.string(), v.maxLength(2, 'too_long')),
      entries: v.array(v.object({ display_name: v.pipe(v.string(), v.nonEmpty('required')) })),
    })
    const result = fieldIssues(schema, { name: 'ab', switches: 'abc', entries: [{ display_name: 'x' }, { display_name: '' }] }, { switches: 'otherSwitches' })
    expect(Object.keys(result!.fields).sort()).toEqual(['entries[1].display_name', 'name', 'otherSwitches'])
    expect(fieldIssues(schema, { name: 'abcd', switches: '', entries: [] })).toBeUndefined()
  })
})

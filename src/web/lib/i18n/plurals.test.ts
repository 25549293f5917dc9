// Counts are said with Lingui plurals in both languages: English one/other, Arabic all six of its forms
// (zero, one, two, few, many, other), so nothing reads "1 changes" or puts a plural noun after "2".
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { msg, plural } from '@lingui/core/macro'
import { describe, expect, it } from 'vitest'
import { createI18nFor } from './i18n'

const catalog = (language: string) => readFileSync(join(__dirname, `../../locales/${language}/messages.po`), 'utf8')

/** The (msgid, msgstr) pairs of a catalog whose message is a plural. */
function pluralEntries(po: string): { id: string; str: string }[] {
  return [...po.matchAll(/^msgid "(.*)"\nmsgstr "(.*)"$/gm)]
    .map((m) => ({ id: JSON.parse(`"${m[1]}"`) as string, str: JSON.parse(`"${m[2]}"`) as string }))
    .filter((e) => /^\{\w+, plural,/.test(e.id))
}

// The sign-out page's message (routes/logout.tsx), built the same way so it has the same id.
const unsent = (count: number) => msg({
  message: plural(count, {
    one: '# change made on this device has not reached the server. Signing out now keeps it on this device for you only: nobody else who signs in here sees or sends it, and it is sent when you sign in again.',
    other: '# changes made on this device have not reached the server. Signing out now keeps them on this device for you only: nobody else who signs in here sees or sends them, and they are sent when you sign in again.',
  }),
})

describe('plurals', () => {
  it('the sign-out page says "1 change" and "2 changes" in English', () => {
    const en = createI18nFor('en')
    expect(en._(unsent(1))).toMatch(/^1 change made on this device has not reached the server\. Signing out now keeps it/)
    expect(en._(unsent(2))).toMatch(/^2 changes made on this device have not reached the server\. Signing out now keeps them/)
  })

  it('the sign-out page uses each Arabic plural form', () => {
    const ar = createI18nFor('ar')
    expect(ar._(unsent(1))).toMatch(/^لم يصل تغيير واحد أجريته/)
    expect(ar._(unsent(2))).toMatch(/^لم يصل تغييران أجريتهما/)
    expect(ar._(unsent(3))).toMatch(/^لم تصل 3 تغييرات/)
    expect(ar._(unsent(11))).toMatch(/^لم يصل 11 تغييرًا/)
    expect(ar._(unsent(100))).toMatch(/^لم يصل 100 تغيير /)
  })

  it('every plural message has all six forms in Arabic, each written out', () => {
    const entries = pluralEntries(catalog('ar'))
    expect(entries.length).toBeGreaterThan(15)
    for (const { id, str } of entries) {
      for (const form of ['zero', 'one', 'two', 'few', 'many', 'other']) {
        expect(str, `${form} in the Arabic of ${id}`).toMatch(new RegExp(` ${form} \\{[^}]`))
      }
    }
  })
})

// The sitting report's text keeps the passage's lines (ADR 0120): a break before each line's first word, the words
// of a line joined by spaces, and a mark on a line's first word still marked after the break.
import { describe, expect, it } from 'vitest'
import { sittingContentHtml } from './sitting-html'

const TYPES = [{ code: 'substitution', display_name: 'Substitution', arabic_display_name: 'استبدال', color_code: '#D55E00' }]

describe('the sitting text', () => {
  it('breaks the line before the first word of each line after the first', () => {
    const html = sittingContentHtml({
      words: ['The', 'hen', 'ran.', 'She', 'hid.'], marks: [{ word_index: 3, code: 'substitution', self_corrected: false, said: 'he' }],
      types: TYPES, lang: 'en', dir: 'ltr', lines: [{ start: 0 }, { start: 3 }],
    })
    expect(html).toMatch(/^<p dir="ltr">The hen ran\.<br><mark [^>]+>She<\/mark> <sup class="said">said: <span dir="auto">he<\/span><\/sup> hid\.<\/p>$/)
  })

  it('is one run of text without lines, in Arabic too', () => {
    expect(sittingContentHtml({ words: ['ذهب', 'الولد'], marks: [], types: TYPES, lang: 'ar', dir: 'rtl' })).toBe('<p dir="rtl">ذهب الولد</p>')
  })
})

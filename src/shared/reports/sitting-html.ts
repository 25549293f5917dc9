// The sitting content as HTML: the passage's words, each miscue wrapped in a span with its type's colour
// and name, followed by what the child said when it was recorded (ADR 0121). Every piece of text is escaped, so
// nothing from a passage, a note or a child's answer can ever run as markup. A word told after the 3-second
// hesitation says so in its title, and the one-minute bracket follows the word reached at one minute (ADR 0120).
// The passage keeps its lines (ADR 0120): a line break before the first word of each line after the first.

export type HtmlMark = { word_index: number; code: string; self_corrected: boolean; said?: string | null; hesitated?: boolean }
export type HtmlMiscueType = { code: string; display_name: string; arabic_display_name: string; color_code: string }

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => ESCAPES[ch]!)
}

const COLOUR = /^#[0-9a-fA-F]{6}$/

export function sittingContentHtml(opts: {
  words: readonly string[]; marks: readonly HtmlMark[]; types: readonly HtmlMiscueType[]; lang: 'en' | 'ar'; dir: 'ltr' | 'rtl'; bracket?: number | null
  /** The passage's lines (each one's first word); none: one run of text. */
  lines?: readonly { start: number }[]
}): string {
  const lineStarts = new Set((opts.lines ?? []).map((l) => l.start).filter((start) => start > 0))
  const bracket = `<span class="bracket" title="${opts.lang === 'ar' ? 'الكلمة عند الدقيقة الأولى' : 'Word reached at one minute'}">]</span>`
  const withBracket = (html: string, i: number) => (opts.bracket === i ? `${html}${bracket}` : html)
  const byCode = new Map(opts.types.map((t) => [t.code, t]))
  const byWord = new Map<number, HtmlMark[]>()
  for (const m of opts.marks) byWord.set(m.word_index, [...(byWord.get(m.word_index) ?? []), m])
  const parts = opts.words.map((word, i) => {
    const marks = byWord.get(i)
    if (!marks?.length) return withBracket(escapeHtml(word), i)
    let html = escapeHtml(word)
    for (const m of marks) {
      const type = byCode.get(m.code)
      const name = type ? (opts.lang === 'ar' ? type.arabic_display_name : type.display_name) : m.code
      const colour = type && COLOUR.test(type.color_code) ? type.color_code : '#999999'
      const note = m.self_corrected ? (opts.lang === 'ar' ? 'صُحّح ذاتيًا' : 'self-corrected') : m.hesitated ? (opts.lang === 'ar' ? 'بعد تردد ثلاث ثوانٍ' : 'after a 3-second hesitation') : null
      const title = note ? `${name} (${note})` : name
      html = `<mark class="miscue" data-miscue="${escapeHtml(m.code)}"${m.self_corrected ? ' data-self-corrected="true"' : ''} style="text-decoration:underline 3px ${colour};background-color:${colour}33" title="${escapeHtml(title)}">${html}</mark>`
    }
    const said = marks.flatMap((m) => (m.said ? [m.said] : []))
    if (said.length) html += ` <sup class="said">${opts.lang === 'ar' ? 'قال' : 'said'}: <span dir="auto">${escapeHtml(said.join(' / '))}</span></sup>`
    return withBracket(html, i)
  })
  const text = parts.map((part, i) => (i === 0 ? part : `${lineStarts.has(i) ? '<br>' : ' '}${part}`)).join('')
  return `<p dir="${opts.dir}">${text}</p>`
}

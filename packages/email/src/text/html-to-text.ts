import { convert } from 'html-to-text'

const TAG = /\{\{\{?[\s\S]*?\}?\}\}/g
const MARK_START = '\uE000'
const MARK_END = '\uE001'
const HIDDEN = ['[style*="display:none"]', '[style*="display: none"]']

/**
 * A readable plain-text part from HTML: headings and lists kept as text, links as `text (url)`, no CSS, scripts,
 * images or hidden preheaders. Handlebars tags (`{{name}}`, `{{#each items}}`…) come out exactly as written: they
 * are set aside before the conversion, so it can neither wrap, uppercase nor encode them.
 */
export function htmlToText(html: string): string {
  const tags: string[] = []
  const marked = html.replace(TAG, (tag) => `${MARK_START}${tags.push(tag) - 1}${MARK_END}`)
  const text = convert(marked, {
    formatters: {
      // A table row on one line, its cells apart: layout tables (MJML) and data tables (a receipt) both read well.
      cell: (element, walk, builder) => {
        walk(element.children, builder)
        builder.addInline('  ')
      },
    },
    wordwrap: 78,
    selectors: [
      { selector: 'a', options: { linkBrackets: ['(', ')'], hideLinkHrefIfSameAsText: true } },
      { selector: 'img', format: 'skip' },
      { selector: 'h1', options: { uppercase: false } },
      { selector: 'h2', options: { uppercase: false } },
      { selector: 'h3', options: { uppercase: false } },
      { selector: 'h4', options: { uppercase: false } },
      { selector: 'h5', options: { uppercase: false } },
      { selector: 'h6', options: { uppercase: false } },
      { selector: 'table', format: 'block' },
      { selector: 'tr', format: 'block', options: { leadingLineBreaks: 1, trailingLineBreaks: 1 } },
      { selector: 'td', format: 'cell' },
      { selector: 'th', format: 'cell' },
      ...HIDDEN.map((selector) => ({ selector, format: 'skip' })),
    ],
  })
  return text.replace(
    new RegExp(`${MARK_START}(\\d+)${MARK_END}`, 'g'),
    (_, index: string) => tags[Number(index)] ?? '',
  )
}

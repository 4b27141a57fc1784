import { Parser } from 'htmlparser2'

export type MarkupIssue = {
  rule: 'link.empty' | 'link.placeholder' | 'link.not_https' | 'image.missing_alt'
  message: string
  line: number
}

/** Elements whose `href` is a link in HTML or MJML sources. */
const LINKS = new Set([
  'a',
  'area',
  'mj-button',
  'mj-image',
  'mj-social-element',
  'mj-navbar-link',
  'mj-carousel-image',
])
const IMAGES = new Set(['img', 'mj-image', 'mj-carousel-image'])
const ALLOWED_SCHEMES = /^(https:\/\/|mailto:|tel:)/i
/** A host under `.example` (RFC 2606, never a real site): the starters' sample links, still to be pointed home. */
const SAMPLE_HOST = /^(?:https:\/\/|mailto:[^@?]*@)[^/?#:]*\.example(?:[/?#:]|$)/i

function hrefIssue(href: string): Omit<MarkupIssue, 'line'> | null {
  const value = href.trim()
  if (value === '') return { rule: 'link.empty', message: 'A link has an empty href' }
  if (value === '#') return { rule: 'link.placeholder', message: "A link still points to '#'" }
  if (SAMPLE_HOST.test(value)) {
    return {
      rule: 'link.placeholder',
      message: `Link '${value}' is a sample address: point it to your own page`,
    }
  }
  // A link made by a variable ({{url}}, {{{url}}}) is checked with the data, not here.
  if (value.startsWith('{{') || ALLOWED_SCHEMES.test(value)) return null
  return {
    rule: 'link.not_https',
    message: `Link '${value}' is not https (only https, mailto: and tel: links)`,
  }
}

/** Links and images in the source the author edits (HTML or MJML), with its line numbers. */
export function scanMarkup(source: string): MarkupIssue[] {
  const issues: MarkupIssue[] = []
  const lineStarts = [0]
  for (let index = source.indexOf('\n'); index !== -1; index = source.indexOf('\n', index + 1)) {
    lineStarts.push(index + 1)
  }
  const lineAt = (offset: number) => {
    let low = 0
    let high = lineStarts.length - 1
    while (low < high) {
      const middle = (low + high + 1) >> 1
      if ((lineStarts[middle] ?? 0) <= offset) low = middle
      else high = middle - 1
    }
    return low + 1
  }
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        const line = lineAt(parser.startIndex)
        if (LINKS.has(name) && 'href' in attributes) {
          const issue = hrefIssue(attributes.href ?? '')
          if (issue) issues.push({ ...issue, line })
        }
        // alt="" marks a decorative image on purpose; only a missing alt is reported.
        if (IMAGES.has(name) && !('alt' in attributes) && attributes.role !== 'presentation') {
          issues.push({ rule: 'image.missing_alt', message: 'An image has no alt text', line })
        }
      },
    },
    { recognizeSelfClosing: true, lowerCaseAttributeNames: true },
  )
  parser.end(source)
  return issues
}

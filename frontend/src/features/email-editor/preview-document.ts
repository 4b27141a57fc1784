export type ColorScheme = 'light' | 'dark'

const SCHEME_QUERY = /\(\s*prefers-color-scheme\s*:\s*(light|dark)\s*\)/gi
/** Media features that are always true and never true in a preview frame of any width. */
const ALWAYS = '(min-width: 0px)'
const NEVER = '(max-width: 0px)'

/**
 * The document the preview iframe shows (`srcdoc`, `sandbox=""`: no scripts, an opaque origin).
 *
 * Light or dark: a sandboxed srcdoc frame follows the operating system's `prefers-color-scheme`, and no script
 * may run inside it, so the chosen scheme is applied to the email's own CSS instead: every
 * `(prefers-color-scheme: dark)` condition becomes true in dark mode and false in light mode (and the reverse for
 * `light`), and the frame's `color-scheme` is set so default colours follow. That is what clients that honour
 * the template's dark CSS (Apple Mail, iOS Mail, Outlook for Mac) show, whatever the viewer's own setting is.
 *
 * Links: `<base target="_blank">` makes a click try to open a new window, which the sandbox refuses, so the
 * frame never navigates away from the preview.
 */
export function previewDocument(html: string, scheme: ColorScheme): string {
  const styled = html.replace(SCHEME_QUERY, (_match, wanted: string) =>
    wanted.toLowerCase() === scheme ? ALWAYS : NEVER,
  )
  const head = `<meta name="color-scheme" content="${scheme}"><base target="_blank"><style>:root{color-scheme:${scheme}}</style>`
  if (/<head(\s[^>]*)?>/i.test(styled)) return styled.replace(/<head(\s[^>]*)?>/i, (tag) => `${tag}${head}`)
  if (/<html(\s[^>]*)?>/i.test(styled))
    return styled.replace(/<html(\s[^>]*)?>/i, (tag) => `${tag}<head>${head}</head>`)
  return `<!doctype html><html><head>${head}</head><body>${styled}</body></html>`
}

/**
 * Images the production CSP keeps out of the preview (`img-src 'self' data: https:`): plain `http:` addresses.
 * Many mail clients block them too; the preview says so instead of showing a silent gap.
 */
export function insecureImageSources(html: string): string[] {
  const found = new Set<string>()
  for (const match of html.matchAll(/<img\b[^>]*?\ssrc\s*=\s*["']?(http:\/\/[^"'\s>]+)/gi)) {
    if (match[1]) found.add(match[1])
  }
  for (const match of html.matchAll(/url\(\s*["']?(http:\/\/[^"')\s]+)/gi)) {
    if (match[1]) found.add(match[1])
  }
  return [...found]
}

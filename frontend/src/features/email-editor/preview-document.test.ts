import { describe, expect, it } from 'vitest'
import { insecureImageSources, previewDocument } from './preview-document'

const EMAIL = `<!doctype html><html lang="en"><head><title>x</title><style>
@media (prefers-color-scheme: dark) { body { background: #000 } }
@media screen and (prefers-color-scheme:light) and (max-width: 480px) { body { color: #111 } }
</style></head><body><a href="https://example.com">x</a></body></html>`

describe('the preview document', () => {
  it('turns the template’s dark CSS on in dark mode, whatever the viewer’s own setting', () => {
    const dark = previewDocument(EMAIL, 'dark')
    expect(dark).toContain('@media (min-width: 0px) { body { background: #000 } }')
    expect(dark).toContain('@media screen and (max-width: 0px) and (max-width: 480px)')
    expect(dark).toContain('<head><meta name="color-scheme" content="dark"><base target="_blank">')
    expect(dark).toContain(':root{color-scheme:dark}')
  })

  it('keeps it off in light mode', () => {
    const light = previewDocument(EMAIL, 'light')
    expect(light).toContain('@media (max-width: 0px) { body { background: #000 } }')
    expect(light).toContain('@media screen and (min-width: 0px) and (max-width: 480px)')
    expect(light).toContain('content="light"')
  })

  it('wraps fragments and documents without a head', () => {
    expect(previewDocument('<p>Hi</p>', 'light')).toMatch(
      /^<!doctype html><html><head>.*<\/head><body><p>Hi<\/p>/,
    )
    expect(previewDocument('<html><body>x</body></html>', 'dark')).toMatch(
      /^<html><head><meta name="color-scheme"/,
    )
  })

  it('finds images the CSP and many clients block', () => {
    expect(
      insecureImageSources(
        '<img alt="" src="http://cdn.example/a.png"><img src="https://ok.example/b.png"><td style="background:url(http://cdn.example/bg.png)">',
      ),
    ).toEqual(['http://cdn.example/a.png', 'http://cdn.example/bg.png'])
  })
})

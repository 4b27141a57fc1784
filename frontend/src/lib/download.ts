/**
 * The file name a `Content-Disposition` header gives (RFC 6266): `filename*` (RFC 5987, UTF-8) wins over
 * `filename`; path parts are dropped. Undefined when the header names no usable file.
 */
export function filenameFromContentDisposition(header: string | null | undefined): string | undefined {
  if (!header) return undefined
  const extended = /filename\*\s*=\s*([\w-]+)'[^']*'([^;]+)/i.exec(header)
  if (extended?.[1] && extended[2]) {
    try {
      const name = decodeURIComponent(extended[2].trim().replace(/^"(.*)"$/, '$1'))
      const safe = baseName(name)
      if (safe) return safe
    } catch {
      // A malformed percent-encoding: fall back to the plain parameter.
    }
  }
  const quoted = /(?:^|;)\s*filename\s*=\s*"((?:[^"\\]|\\.)*)"/i.exec(header)
  const plain = quoted
    ? quoted[1]?.replace(/\\(.)/g, '$1')
    : /(?:^|;)\s*filename\s*=\s*([^;\s]+)/i.exec(header)?.[1]
  return plain ? baseName(plain) : undefined
}

function baseName(name: string): string | undefined {
  const last = name.split(/[/\\]/).pop()?.trim()
  return last && last !== '.' && last !== '..' ? last : undefined
}

/** Hands a downloaded file to the browser as a download with this name. */
export function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = filename
  link.rel = 'noopener'
  document.body.append(link)
  link.click()
  link.remove()
  // Some browsers read the URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}

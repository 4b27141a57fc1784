import { ONE_CLICK_BODY } from '@app/contracts'

const [FIELD, VALUE] = ONE_CLICK_BODY.split('=') as [string, string]

/**
 * Whether a one-click POST body says `List-Unsubscribe=One-Click` (RFC 8058 §3.2), form-urlencoded or as
 * multipart/form-data (both are allowed senders' encodings). Anything else is not a one-click request.
 */
export function isOneClickBody(body: string, contentType: string): boolean {
  const mediaType = contentType.split(';')[0]?.trim().toLowerCase()
  if (mediaType === 'application/x-www-form-urlencoded')
    return new URLSearchParams(body.trim()).getAll(FIELD).includes(VALUE)
  if (mediaType === 'multipart/form-data') return multipartValues(body, contentType).includes(VALUE)
  return false
}

/** The values of the `List-Unsubscribe` fields of a small multipart body. */
function multipartValues(body: string, contentType: string): string[] {
  const boundary = /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType)
  const delimiter = boundary?.[1] ?? boundary?.[2]
  if (!delimiter) return []
  const values: string[] = []
  for (const part of body.split(`--${delimiter}`)) {
    const split = part.search(/\r?\n\r?\n/)
    if (split < 0) continue
    const head = part.slice(0, split)
    const name = /content-disposition:\s*form-data;[^\r\n]*\bname="([^"]*)"/i.exec(head)?.[1]
    if (name === FIELD)
      values.push(
        part
          .slice(split)
          .replace(/^\r?\n\r?\n/, '')
          .replace(/\r?\n$/, ''),
      )
  }
  return values
}

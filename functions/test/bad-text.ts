/** Free text the API refuses everywhere (fuzzing found each one accepted somewhere). */
export const BAD_TEXT = {
  NUL: 'Acme\u0000Inc',
  ESC: 'Acme \u001b[31mred',
  'CR/LF': 'Acme\r\nBcc: victim@example.com',
  LF: 'Acme\nInc',
  'U+202E right-to-left override': 'Acme \u202Efdp.exe',
  'U+2066 left-to-right isolate': '\u2066Acme',
  'lone high surrogate': 'Acme \uD800',
  'lone low surrogate': '\uDC00Acme',
} as const

export const BAD_TEXT_CASES = Object.entries(BAD_TEXT)

/** A 400 `request.invalid` whose message names the field (`body.name: …`). */
export function expectRefused(
  response: { status: number; body: { error?: { code?: string; message?: string } } },
  field: string,
  what: string,
) {
  const context = `${field} with ${what}: ${JSON.stringify(response.body)}`
  if (response.status !== 400) throw new Error(`expected 400 for ${context}`)
  if (response.body.error?.code !== 'request.invalid')
    throw new Error(`expected request.invalid for ${context}`)
  if (!response.body.error.message?.startsWith(`${field}: `))
    throw new Error(`expected the field named for ${context}`)
}

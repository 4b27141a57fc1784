import { type EngineValues, recipientData } from '@app/contracts'
import type { ContactRecord } from '../../audience/public'

const TAG = /\{\{~?\{?\s*([^}]*?)\s*\}?~?\}\}/g
const PATH = /^[A-Za-z_][A-Za-z0-9_-]*/
const KEYWORDS = new Set(['else', 'this'])

/**
 * The top-level data names a template's parts read (`{{firstName}}`, `{{#if company}}`, `{{address.city}}` →
 * `address`), outside `{{#each}}`/`{{#with}}` blocks whose context is not the recipient's data.
 */
export function templateVariables(parts: { subject: string; html: string; text: string }): string[] {
  const names = new Set<string>()
  for (const source of [parts.subject, parts.html, parts.text]) {
    const open: string[] = []
    for (const match of source.matchAll(TAG)) {
      const body = match[1] ?? ''
      if (body.startsWith('/')) {
        open.pop()
        continue
      }
      if (body.startsWith('!') || body.startsWith('>')) continue
      const block = body.startsWith('#') || body.startsWith('^')
      const words = (block ? body.slice(1) : body).trim().split(/\s+/)
      const helper = block || ['if', 'unless', 'each', 'with', 'lookup'].includes(words[0] ?? '')
      const inContext = open.some((name) => name === 'each' || name === 'with')
      if (block) open.push(words[0] ?? '')
      if (inContext) continue
      const candidates = helper ? words.slice(1) : words.slice(0, 1)
      for (const word of candidates) {
        const name = PATH.exec(word)?.[0]
        if (name && !KEYWORDS.has(name) && !word.startsWith('@')) names.add(name)
      }
    }
  }
  return [...names].sort()
}

/**
 * The values for one recipient, or the variables it lacks (`skip` mode) — SES would accept the send and drop
 * the message. `default` mode fills each missing one from the campaign's defaults (empty when none given). The
 * engine's own values (`ENGINE_VARIABLE_NAMES`) come last: a contact attribute of the same name never replaces
 * the signed link or the campaign's postal address.
 */
export function recipientValues(
  contact: ContactRecord,
  variables: readonly string[],
  missing: { mode: 'skip' } | { mode: 'default'; values: Record<string, string> },
  engine: EngineValues,
): { values: Record<string, string> } | { missing: string[] } {
  const values = recipientData(contact, engine)
  const absent = variables.filter((name) => values[name] === undefined)
  if (absent.length === 0) return { values }
  if (missing.mode === 'skip') return { missing: absent }
  for (const name of absent) values[name] = missing.values[name] ?? ''
  return { values }
}

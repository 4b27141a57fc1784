import type * as z from 'zod'

/**
 * What free text the API accepts, defined once for every schema (and so shown in the OpenAPI document).
 * - Lone UTF-16 surrogates are refused everywhere: they cannot be encoded as UTF-8 (Stripe's encoder throws on
 *   them, SES and DynamoDB would store a replacement character).
 * - Names and one-line labels refuse C0/C1 control characters (NUL, ESC, CR, LF, tab …) and the bidirectional
 *   embedding, override and isolate characters (U+202A–U+202E, U+2066–U+2069) that make a name display as
 *   something else ("Trojan Source" spoofing).
 * - One-line text (subjects, headings, button labels) refuses control characters; direction marks stay allowed
 *   for right-to-left languages.
 * - Multi-line text (sources, text parts, descriptions) refuses control characters but tab, CR and LF.
 */

/** Either a code unit that is neither a control nor a surrogate (or bidi control), or a surrogate pair. */
const pattern = (refused: string) =>
  new RegExp(`^(?:[^${refused}\\uD800-\\uDFFF]|[\\uD800-\\uDBFF][\\uDC00-\\uDFFF])*$`)

const CONTROLS = '\\u0000-\\u001F\\u007F-\\u009F'
const BIDI_CONTROLS = '\\u202A-\\u202E\\u2066-\\u2069'

/** A name or label: no control characters, no bidi overrides, no lone surrogates. */
export const SAFE_NAME_PATTERN = pattern(CONTROLS + BIDI_CONTROLS)
/** One line of text: no control characters (so no CR/LF), no lone surrogates. */
export const SINGLE_LINE_PATTERN = pattern(CONTROLS)

/**
 * The multi-line check is a plain search (no pattern over up to 500 KB): a refused control or a lone surrogate
 * (with the `u` flag, a surrogate range matches only unpaired ones).
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
const REFUSED_IN_TEXT = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]|[\uD800-\uDFFF]/u
/** The same rule as the pattern the document states (what a JSON Schema validator applies to the whole text). */
export const WELL_FORMED_TEXT_PATTERN_SOURCE = pattern(
  '\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F',
).source
const UNSAFE = new RegExp(`[${CONTROLS}${BIDI_CONTROLS}]|[\\uD800-\\uDFFF]`, 'gu')

/** Text for a log line or a header: every control, bidi control and lone surrogate replaced. */
export const replaceUnsafeCharacters = (value: string, by = ' ') => value.replace(UNSAFE, by)

export const isSafeName = (value: string) => SAFE_NAME_PATTERN.test(value)
export const isSingleLine = (value: string) => SINGLE_LINE_PATTERN.test(value)
export const isWellFormedText = (value: string) => !REFUSED_IN_TEXT.test(value)

/** Adds the name rule to a string schema: `safeName(z.string().trim().max(120), 'A name')`. */
export function safeName<S extends z.ZodString>(schema: S, label = 'A name'): S {
  return schema.regex(SAFE_NAME_PATTERN, {
    message: `${label} cannot contain line breaks, control characters, direction overrides or broken characters.`,
  }) as S
}

/** Adds the one-line rule to a string schema. */
export function singleLine<S extends z.ZodString>(schema: S, label = 'This text'): S {
  return schema.regex(SINGLE_LINE_PATTERN, {
    message: `${label} is one line, without control characters or broken characters.`,
  }) as S
}

export const WELL_FORMED_TEXT_DESCRIPTION =
  'Well-formed Unicode text: no lone surrogates, no control characters but tab, CR and LF.'

/**
 * A limit in UTF-8 bytes on well-formed text, as the document states it (JSON Schema counts characters, not
 * bytes): the description and `x-max-utf8-bytes` say the rule, `maxLength` the characters it allows at most.
 */
export const utf8Limit = (bytes: number) => ({
  maxLength: bytes,
  'x-max-utf8-bytes': bytes,
  description: `${WELL_FORMED_TEXT_DESCRIPTION} At most ${bytes / 1024} KB (${bytes} bytes) as UTF-8.`,
})

/**
 * A pattern whose `source` is what the document states and whose `test` is an equivalent plain search: zod runs
 * `test`, `toJSONSchema` emits `source`. For rules whose pattern would exhaust the regex engine's backtracking
 * stack on long text (`(?:a|b)*` over 500 KB), so there is still one rule, stated and checked.
 */
class SearchedPattern extends RegExp {
  static override get [Symbol.species]() {
    return RegExp
  }
  readonly #accepts: (value: string) => boolean
  constructor(source: string, accepts: (value: string) => boolean) {
    super(source)
    this.#accepts = accepts
  }
  override test(value: string): boolean {
    return this.#accepts(value)
  }
}

/** Multi-line text's rule: stated as `WELL_FORMED_TEXT_PATTERN_SOURCE`, checked by a plain search. */
export const WELL_FORMED_TEXT_PATTERN: RegExp = new SearchedPattern(
  WELL_FORMED_TEXT_PATTERN_SOURCE,
  isWellFormedText,
)

/** Multi-line text: refuses lone surrogates and control characters but tab, CR and LF. */
export function wellFormedText<S extends z.ZodString>(schema: S, label = 'This text'): S {
  return schema
    .regex(WELL_FORMED_TEXT_PATTERN, {
      message: `${label} cannot contain control characters or broken characters.`,
    })
    .meta({ description: WELL_FORMED_TEXT_DESCRIPTION }) as S
}

/**
 * What `.trim().min(n)` asks, as a pattern on the text as sent: `n` characters from its first non-space one to its
 * last (JSON Schema's `minLength` counts surrounding spaces too, which the trim removes).
 */
export const nonBlankPattern = (min: number) => (min <= 1 ? /\S/ : new RegExp(`\\S[\\s\\S]{${min - 2},}\\S`))

/**
 * Adds the document's form of a trimmed schema's `.min(n)` (call it after `.trim().min(n)`): the same rule, so
 * a text of spaces the document allows is never refused. `nonBlank(z.string().trim().min(1).max(100))`.
 */
export function nonBlank<S extends z.ZodString>(schema: S, message = 'This text cannot be blank.'): S {
  return schema.regex(nonBlankPattern(schema.minLength ?? 1), { message }) as S
}

/**
 * A PATCH body whose optional `version` changes nothing by itself: at least one other field. Documented as
 * `anyOf` the other fields being present.
 */
export function changesSomething<S extends z.ZodObject>(schema: S) {
  const fields = Object.keys(schema.shape).filter((key) => key !== 'version')
  return schema
    .refine((body) => Object.keys(body).some((key) => key !== 'version'), {
      message: 'Send at least one field to change.',
    })
    .meta({ minProperties: 1, anyOf: fields.map((key) => ({ required: [key] })) })
}

/** A list whose items are unique; documented as `uniqueItems`. */
export function uniqueItems<S extends z.ZodArray>(schema: S, message = 'Each item once.') {
  return schema
    .refine((items) => new Set(items).size === items.length, { message })
    .meta({ uniqueItems: true })
}

/** A PATCH body that must change something; documented as `minProperties: 1`. */
export function atLeastOneField<S extends z.ZodObject>(schema: S) {
  return schema
    .refine((body) => Object.keys(body).length > 0, { message: 'Send at least one field to change.' })
    .meta({ minProperties: 1 })
}

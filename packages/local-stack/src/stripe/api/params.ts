import qs from 'qs'
import { invalidParam } from './errors'

type Raw = Record<string, unknown>

const METADATA_LIMITS = { keys: 50, keyLength: 40, valueLength: 500 }

/** Metadata as an update: a key set to null is removed; `clear` empties it (`metadata=` in Stripe). */
export type MetadataUpdate = Record<string, string | null> | 'clear'

const isHash = (value: unknown): value is Raw =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * Stripe's form-encoded parameters (`line_items[0][price]=…`, `metadata[key]=…`, `expand[0]=…`) with readers that
 * answer a bad value the way Stripe does: 400 naming the parameter by its full bracket path.
 */
export class Params {
  constructor(
    readonly raw: Raw,
    private readonly path = '',
  ) {}

  static parse(text: string): Params {
    return new Params(qs.parse(text, { depth: 6, arrayLimit: 100, parameterLimit: 2000 }) as Raw)
  }

  /** Stripe refuses parameters it does not know; so do we (with the names this endpoint takes). */
  accept(allowed: readonly string[]): this {
    for (const key of Object.keys(this.raw)) {
      if (!allowed.includes(key))
        throw invalidParam(
          this.name(key),
          `Received unknown parameter: ${this.name(key)} (the local Stripe stand-in does not know it).`,
          'parameter_unknown',
        )
    }
    return this
  }

  has(key: string): boolean {
    return this.raw[key] !== undefined
  }

  name(key: string): string {
    return this.path ? `${this.path}[${key}]` : key
  }

  string(key: string, max = 5000): string | undefined {
    const value = this.raw[key]
    if (value === undefined) return undefined
    if (typeof value !== 'string')
      throw invalidParam(this.name(key), `Invalid string: ${JSON.stringify(value)}`)
    if (value.length > max)
      throw invalidParam(this.name(key), `Invalid string: must be at most ${max} characters.`)
    return value
  }

  requiredString(key: string, max?: number): string {
    const value = this.string(key, max)
    if (value === undefined || value === '')
      throw invalidParam(this.name(key), `Missing required param: ${this.name(key)}.`, 'parameter_missing')
    return value
  }

  /** An absolute http(s) URL (hosted pages link to it). */
  url(key: string): string | undefined {
    const value = this.string(key, 2048)
    if (value === undefined) return undefined
    if (!URL.canParse(value) || !/^https?:$/.test(new URL(value).protocol))
      throw invalidParam(this.name(key), `Not a valid URL: ${value}`, 'url_invalid')
    return value
  }

  /** A field Stripe lets you unset with an empty string: '' → null. */
  nullableString(key: string, max?: number): string | null | undefined {
    const value = this.string(key, max)
    return value === '' ? null : value
  }

  integer(key: string, { min = 0, max = Number.MAX_SAFE_INTEGER } = {}): number | undefined {
    const value = this.string(key)
    if (value === undefined) return undefined
    const number = Number(value)
    if (!/^-?\d+$/.test(value) || number < min || number > max)
      throw invalidParam(this.name(key), `Invalid integer: ${value}`, 'parameter_invalid_integer')
    return number
  }

  boolean(key: string): boolean | undefined {
    const value = this.string(key)
    if (value === undefined) return undefined
    if (value !== 'true' && value !== 'false') throw invalidParam(this.name(key), `Invalid boolean: ${value}`)
    return value === 'true'
  }

  oneOf<T extends string>(key: string, values: readonly T[]): T | undefined {
    const value = this.string(key)
    if (value === undefined) return undefined
    if (!(values as readonly string[]).includes(value))
      throw invalidParam(
        this.name(key),
        `Invalid ${this.name(key)}: must be one of ${values.join(', ')}`,
        'parameter_invalid',
      )
    return value as T
  }

  /** `key[0]=a&key[1]=b` (or `key[]=a`). */
  strings(key: string): string[] | undefined {
    const value = this.raw[key]
    if (value === undefined) return undefined
    const list = Array.isArray(value) ? value : isHash(value) ? Object.values(value) : [value]
    if (!list.every((item): item is string => typeof item === 'string'))
      throw invalidParam(this.name(key), `Invalid array: ${this.name(key)}`)
    return list
  }

  /** A nested hash, e.g. `address[…]`; '' (Stripe's way of unsetting it) gives null. */
  child(key: string): Params | null | undefined {
    const value = this.raw[key]
    if (value === undefined) return undefined
    if (value === '') return null
    if (!isHash(value)) throw invalidParam(this.name(key), `Invalid object: ${this.name(key)}`)
    return new Params(value, this.name(key))
  }

  /** An array of hashes, e.g. `line_items[0][price]`. */
  children(key: string): Params[] | undefined {
    const value = this.raw[key]
    if (value === undefined) return undefined
    const list = Array.isArray(value) ? value : isHash(value) ? Object.values(value) : null
    if (!list?.every(isHash)) throw invalidParam(this.name(key), `Invalid array: ${this.name(key)}`)
    return list.map((item, index) => new Params(item, `${this.name(key)}[${index}]`))
  }

  metadata(key = 'metadata'): MetadataUpdate | undefined {
    const value = this.raw[key]
    if (value === undefined) return undefined
    if (value === '') return 'clear'
    if (!isHash(value)) throw invalidParam(this.name(key), `Invalid object: ${this.name(key)}`)
    const entries = Object.entries(value)
    if (entries.length > METADATA_LIMITS.keys)
      throw invalidParam(this.name(key), `Metadata can have at most ${METADATA_LIMITS.keys} keys.`)
    const update: Record<string, string | null> = {}
    for (const [name, item] of entries) {
      const param = `${this.name(key)}[${name}]`
      if (typeof item !== 'string') throw invalidParam(param, `Invalid string: ${JSON.stringify(item)}`)
      if (name.length > METADATA_LIMITS.keyLength)
        throw invalidParam(param, `Metadata keys can be at most ${METADATA_LIMITS.keyLength} characters.`)
      if (item.length > METADATA_LIMITS.valueLength)
        throw invalidParam(param, `Metadata values can be at most ${METADATA_LIMITS.valueLength} characters.`)
      update[name] = item === '' ? null : item
    }
    return update
  }
}

/** Applies a metadata update the way Stripe merges it into an object's metadata. */
export function mergeMetadata(
  current: Record<string, string>,
  update: MetadataUpdate | undefined,
): Record<string, string> {
  if (update === undefined) return current
  if (update === 'clear') return {}
  const next = { ...current }
  for (const [key, value] of Object.entries(update)) {
    if (value === null) delete next[key]
    else next[key] = value
  }
  return next
}

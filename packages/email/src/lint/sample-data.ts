import type { DetectedVariable } from '../handlebars/variables'

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value)

function segments(path: string): string[] {
  return path.split('.').flatMap((segment) => {
    const match = /^(.*?)((?:\[\])*)$/.exec(segment)
    const name = match?.[1] ?? segment
    const lists = (match?.[2]?.length ?? 0) / 2
    return [...(name ? [name] : []), ...Array.from({ length: lists }, () => '[]')]
  })
}

function has(value: unknown, rest: string[]): boolean {
  const [head, ...tail] = rest
  if (head === undefined) return value !== undefined
  if (head === '[]') {
    const items = Array.isArray(value) ? value : isObject(value) ? Object.values(value) : null
    return items !== null && items.length > 0 && items.every((item) => has(item, tail))
  }
  if (Array.isArray(value) && head === 'length') return tail.length === 0
  return isObject(value) && Object.hasOwn(value, head) && has(value[head], tail)
}

/** Whether sample data gives `path` (a detected variable path) a value; `[]` asks it of every element. */
export function sampleHas(sample: Record<string, unknown>, path: string): boolean {
  return has(sample, segments(path))
}

/**
 * The sample keys no variable reads, as the shortest paths (`contact`, not each of its fields, when the template
 * never mentions `contact`). A key is read when a variable is that key, inside it, or prints the whole of it.
 */
export function unusedSampleKeys(sample: Record<string, unknown>, variables: DetectedVariable[]): string[] {
  const paths = variables.map((variable) => variable.path)
  const unused: string[] = []
  const printsWhole = (path: string) => variables.some((v) => v.required && path.startsWith(`${v.path}.`))
  const walk = (value: unknown, path: string) => {
    const read = paths.some(
      (used) => used === path || used.startsWith(`${path}.`) || used.startsWith(`${path}[]`),
    )
    if (!read && !printsWhole(path)) {
      unused.push(path)
      return
    }
    if (Array.isArray(value)) {
      const fields = new Set(value.filter(isObject).flatMap((item) => Object.keys(item)))
      for (const field of fields) {
        const holder = value.find((item) => isObject(item) && Object.hasOwn(item, field)) as Record<
          string,
          unknown
        >
        walk(holder[field], `${path}[].${field}`)
      }
    } else if (isObject(value)) {
      for (const [key, child] of Object.entries(value)) walk(child, `${path}.${key}`)
    }
  }
  for (const [key, value] of Object.entries(sample)) walk(value, key)
  return unused
}

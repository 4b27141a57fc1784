import { type DetectedVariable, ENGINE_VARIABLES, isEngineVariable } from '@app/email/browser'

export interface VariableRow {
  path: string
  /** What the picker inserts at the cursor. */
  insert: string
  /** Inside which `{{#each}}` list the variable is read (`items` for `items[].name`). */
  loop: string | undefined
  sample: string | undefined
  hasSample: boolean
  /** False when the template only tests it ({{#if}}): SES does not need a value. */
  required: boolean
  /** False for sample values no part of the template reads yet. */
  used: boolean
}

const MAX_SAMPLE = 48

/**
 * Variables SES Studio fills in itself for every recipient of a campaign (never from sample data or a contact's
 * attributes; the engine's own list): the picker offers them with what they hold, the preview shows them.
 */
export const CAMPAIGN_VARIABLES = ENGINE_VARIABLES.map((variable) => ({
  path: variable.name,
  insert: `{{${variable.name}}}`,
  description: variable.description,
}))

/** Whether a campaign fills the variable per recipient (no sample needed: SES never sees it missing). */
export const isCampaignVariable = isEngineVariable

/** The sample value at a detected path (`items[].name` reads the first item). */
export function sampleAt(data: unknown, path: string): { found: boolean; value: unknown } {
  let value: unknown = data
  for (const step of path.split('.')) {
    const list = step.endsWith('[]')
    const name = list ? step.slice(0, -2) : step
    if (value === null || typeof value !== 'object' || !Object.hasOwn(value, name)) {
      return { found: false, value: undefined }
    }
    value = (value as Record<string, unknown>)[name]
    if (list) {
      if (!Array.isArray(value) || value.length === 0) return { found: false, value: undefined }
      value = value[0]
    }
  }
  return { found: true, value }
}

/** A value as one short line: text as written, lists by count, objects as compact JSON. */
export function sampleText(value: unknown): string {
  const text =
    typeof value === 'string'
      ? value
      : Array.isArray(value)
        ? `${value.length} ${value.length === 1 ? 'item' : 'items'}`
        : value === null
          ? 'null'
          : typeof value === 'object'
            ? JSON.stringify(value)
            : String(value)
  return text.length > MAX_SAMPLE ? `${text.slice(0, MAX_SAMPLE - 1)}…` : text
}

function insertFor(path: string): { insert: string; loop: string | undefined } {
  const at = path.lastIndexOf('[]')
  if (at < 0) return { insert: `{{${path}}}`, loop: undefined }
  const inner = path.slice(at + 2).replace(/^\./, '')
  return { insert: inner ? `{{${inner}}}` : '{{this}}', loop: path.slice(0, at) }
}

/** Scalar paths of sample data (`contact.firstName`), two levels deep, for values no variable reads yet. */
function samplePaths(data: Record<string, unknown>): string[] {
  const paths: string[] = []
  for (const [key, value] of Object.entries(data)) {
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      for (const inner of Object.keys(value)) paths.push(`${key}.${inner}`)
    } else if (Array.isArray(value)) {
      paths.push(`${key}[]`)
    } else {
      paths.push(key)
    }
  }
  return paths
}

/** The variable picker: what the template reads (in order of appearance), then sample values it does not read. */
export function variableRows(
  detected: readonly DetectedVariable[],
  data: Record<string, unknown>,
): VariableRow[] {
  const rows = new Map<string, VariableRow>()
  for (const variable of detected) {
    const existing = rows.get(variable.path)
    if (existing) {
      existing.required ||= variable.required
      continue
    }
    const sample = sampleAt(data, variable.path)
    rows.set(variable.path, {
      path: variable.path,
      ...insertFor(variable.path),
      sample: sample.found ? sampleText(sample.value) : undefined,
      hasSample: sample.found,
      required: variable.required,
      used: true,
    })
  }
  const used = [...rows.keys()]
  for (const path of samplePaths(data)) {
    const covered = used.some((known) => known === path || known.startsWith(`${path}.`))
    if (covered || rows.has(path)) continue
    const sample = sampleAt(data, path)
    rows.set(path, {
      path,
      ...insertFor(path),
      sample: sampleText(sample.value),
      hasSample: true,
      required: false,
      used: false,
    })
  }
  return [...rows.values()]
}

/** Sample values for the variables that have none, so the preview (and SES) can render them. */
export function fillMissingSamples(
  data: Record<string, unknown>,
  detected: readonly DetectedVariable[],
): Record<string, unknown> {
  const next: Record<string, unknown> = structuredClone(data)
  for (const variable of detected) {
    if (isCampaignVariable(variable.path) || sampleAt(next, variable.path).found) continue
    let target: Record<string, unknown> = next
    const steps = variable.path.split('.')
    steps.forEach((step, index) => {
      const list = step.endsWith('[]')
      const name = list ? step.slice(0, -2) : step
      const last = index === steps.length - 1
      if (list) {
        const current = Array.isArray(target[name]) ? (target[name] as unknown[]) : []
        if (last) {
          if (current.length === 0) current.push(`Sample ${name}`)
          target[name] = current
          return
        }
        if (current.length === 0 || typeof current[0] !== 'object' || current[0] === null) current[0] = {}
        target[name] = current
        target = current[0] as Record<string, unknown>
        return
      }
      if (last) {
        if (!Object.hasOwn(target, name)) target[name] = `Sample ${name}`
        return
      }
      const child = target[name]
      if (child === null || typeof child !== 'object' || Array.isArray(child)) target[name] = {}
      target = target[name] as Record<string, unknown>
    })
  }
  return next
}

import {
  type SampleDataSet,
  SampleDataSetsSchema,
  type Template,
  type TemplateEditorType,
  TemplateNameSchema,
  TemplateSubjectSchema,
  TemplateTagsSchema,
  type UpdateTemplateBody,
} from '@app/contracts'
import * as z from 'zod'

/** The editors the code editor handles; VISUAL templates use the block editor. */
export type CodeEditorType = 'HTML' | 'MJML'

/** A sample data set as the author edits it: JSON text, parsed when it is used. */
export interface SampleSetDraft {
  name: string
  json: string
}

/** Everything the editor lets one change, as typed (so a half-written JSON or tag list survives a reload). */
export interface WorkingCopy {
  name: string
  subject: string
  editorType: TemplateEditorType
  /** The code, or for VISUAL the block document in its stored form (`visualDocumentSource`). */
  source: string
  textMode: 'generated' | 'custom'
  customText: string
  tags: string
  sampleSets: SampleSetDraft[]
}

export const WorkingCopySchema: z.ZodType<WorkingCopy> = z.object({
  name: z.string(),
  subject: z.string(),
  editorType: z.enum(['HTML', 'MJML', 'VISUAL']),
  source: z.string(),
  textMode: z.enum(['generated', 'custom']),
  customText: z.string(),
  tags: z.string(),
  sampleSets: z.array(z.object({ name: z.string(), json: z.string() })),
})

export function sampleJson(data: Record<string, unknown>): string {
  return JSON.stringify(data, null, 2)
}

export function workingCopyOf(template: Template): WorkingCopy {
  return {
    name: template.name,
    subject: template.subject,
    editorType: template.editorType,
    source: template.source,
    textMode: template.text.mode,
    customText: template.text.custom ?? '',
    tags: template.tags.join(', '),
    sampleSets: template.sampleData.map((set) => ({ name: set.name, json: sampleJson(set.data) })),
  }
}

export type SampleParse =
  | { ok: true; data: Record<string, unknown> }
  | { ok: false; message: string; line?: number }

/** One set's JSON: an object of values for the template's variables. */
export function parseSampleJson(json: string): SampleParse {
  if (!json.trim()) return { ok: true, data: {} }
  try {
    const value: unknown = JSON.parse(json)
    if (value === null || typeof value !== 'object' || Array.isArray(value)) {
      return { ok: false, message: 'Sample data is a JSON object: { "firstName": "Maya" }' }
    }
    return { ok: true, data: value as Record<string, unknown> }
  } catch (error) {
    const raw = error instanceof Error ? error.message : String(error)
    // V8: "Unexpected token '}', ...<the text>... is not valid JSON", or "… at position 6 (line 2 column 5)".
    const message = (/^(Unexpected token '.+?'),/.exec(raw)?.[1] ?? raw).replace(
      / \(line \d+ column \d+\)$/,
      '',
    )
    const position = /position (\d+)/.exec(raw)?.[1]
    const line = position === undefined ? undefined : json.slice(0, Number(position)).split('\n').length
    return { ok: false, message: `Not valid JSON: ${message}`, ...(line ? { line } : {}) }
  }
}

/** Tags as typed ("welcome, Onboarding") to the list the API stores. */
export function parseTags(text: string): string[] {
  return text
    .split(',')
    .map((tag) => tag.trim())
    .filter(Boolean)
}

export type Field = 'name' | 'subject' | 'tags' | 'sampleData' | 'text'

export interface Changes {
  /** The fields that differ from the version being edited (without `version`). */
  body: Omit<UpdateTemplateBody, 'version'>
  /** Why the copy cannot be saved as it is, per field. */
  problems: Partial<Record<Field, string>>
}

function firstIssue(result: { success: boolean; error?: z.ZodError }): string | undefined {
  return result.success ? undefined : result.error?.issues[0]?.message
}

/** Parsed sample sets, or the first problem (names, JSON, size and count as the API checks them). */
export function parseSampleSets(sets: readonly SampleSetDraft[]): {
  sets: SampleDataSet[]
  problem?: string
} {
  const parsed: SampleDataSet[] = []
  for (const set of sets) {
    const data = parseSampleJson(set.json)
    if (!data.ok) return { sets: parsed, problem: `“${set.name}”: ${data.message}` }
    parsed.push({ name: set.name.trim(), data: data.data })
  }
  const checked = SampleDataSetsSchema.safeParse(parsed)
  if (!checked.success) return { sets: parsed, problem: firstIssue(checked) }
  const unnamed = parsed.find((set) => !set.name)
  if (unnamed) return { sets: parsed, problem: 'Name every sample data set.' }
  return { sets: parsed }
}

/** What saving would send: only the fields that changed, and what must be fixed first. */
export function changesFrom(base: Template, copy: WorkingCopy): Changes {
  const body: Changes['body'] = {}
  const problems: Changes['problems'] = {}

  if (copy.name !== base.name) {
    const problem = firstIssue(TemplateNameSchema.safeParse(copy.name))
    if (problem) problems.name = problem
    else body.name = copy.name
  }
  if (copy.subject !== base.subject) {
    const problem = firstIssue(TemplateSubjectSchema.safeParse(copy.subject))
    if (problem) problems.subject = problem
    else body.subject = copy.subject
  }
  if (copy.editorType !== base.editorType) body.editorType = copy.editorType
  if (copy.source !== base.source) body.source = copy.source

  if (
    copy.textMode !== base.text.mode ||
    (copy.textMode === 'custom' && copy.customText !== base.text.custom)
  ) {
    if (copy.textMode === 'custom' && !copy.customText.trim()) {
      problems.text = 'Write the text part, or go back to generating it from the HTML.'
    } else {
      body.text =
        copy.textMode === 'custom' ? { mode: 'custom', custom: copy.customText } : { mode: 'generated' }
    }
  }

  const tags = TemplateTagsSchema.safeParse(parseTags(copy.tags))
  if (!tags.success) problems.tags = firstIssue(tags)
  else if (tags.data.join('\n') !== base.tags.join('\n')) body.tags = tags.data

  const samples = parseSampleSets(copy.sampleSets)
  if (samples.problem) problems.sampleData = samples.problem
  else if (JSON.stringify(samples.sets) !== JSON.stringify(base.sampleData)) body.sampleData = samples.sets

  return { body, problems }
}

export function hasChanges(changes: Changes): boolean {
  return Object.keys(changes.body).length > 0 || Object.keys(changes.problems).length > 0
}

export function sameCopy(a: WorkingCopy, b: WorkingCopy): boolean {
  return JSON.stringify(a) === JSON.stringify(b)
}

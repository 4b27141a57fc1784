import type { TagList, TemplateList, TemplateListQuerySchema, TemplateSummary } from '@app/contracts'
import * as z from 'zod'
import { AppError } from '../errors'
import type { OrganizationContext } from '../organizations/context'
import * as Repo from './templates.repo'

function toSummary(head: Repo.TemplateHead): TemplateSummary {
  return {
    id: head.id,
    organizationId: head.orgId,
    name: head.name,
    subject: head.subject,
    editorType: head.editorType,
    tags: head.tags,
    version: head.version,
    createdAt: head.createdAt,
    updatedAt: head.updatedAt,
    updatedBy: head.updatedBy,
    warnings: head.warnings,
    sizeBytes: head.sizeBytes,
  }
}

type Query = z.output<typeof TemplateListQuerySchema>

/** A page cursor: the position after the last row, and the query it belongs to (a cursor is no raw key). */
const CursorSchema = z.object({
  v: z.literal(1),
  query: z.string(),
  after: z.tuple([z.string(), z.string()]),
})

const queryFingerprint = (query: Query, order: string) =>
  JSON.stringify([query.q?.toLowerCase() ?? '', query.tag ?? '', query.sort, order])

const encodeCursor = (query: string, after: [string, string]) =>
  Buffer.from(JSON.stringify({ v: 1, query, after }), 'utf8').toString('base64url')

function decodeCursor(cursor: string, query: string): [string, string] {
  try {
    const parsed = CursorSchema.parse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')))
    if (parsed.query === query) return parsed.after
  } catch {
    // falls through to the refusal
  }
  throw new AppError(
    'request.invalid',
    'query.cursor: not a page of this list (search, tag and sort must stay the same).',
  )
}

/** What a row sorts by: the name case-insensitively (then as written), or when it was last saved; then the id. */
function sortKey(head: Repo.TemplateHead, sort: Query['sort']): [string, string] {
  return sort === 'name'
    ? [`${head.name.toLowerCase()}\u0000${head.name}`, head.id]
    : [head.updatedAt, head.id]
}

function compareKeys(a: [string, string], b: [string, string]): number {
  if (a[0] !== b[0]) return a[0] < b[0] ? -1 : 1
  return a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0
}

/**
 * A page of the organization's templates (spec §7 `GET templates`). Heads are small and read in one query, so
 * search, tag filter and sort run in memory over them; the cursor is the last row's sort position.
 */
export async function listTemplates(
  { organizationId }: OrganizationContext,
  query: Query,
): Promise<TemplateList> {
  const order = query.order ?? (query.sort === 'name' ? 'asc' : 'desc')
  const fingerprint = queryFingerprint(query, order)
  const direction = order === 'asc' ? 1 : -1
  const needle = query.q?.toLowerCase()
  let rows = (await Repo.listHeads(organizationId))
    .filter((head) => !needle || head.name.toLowerCase().includes(needle))
    .filter((head) => !query.tag || head.tags.includes(query.tag))
    .map((head) => ({ head, key: sortKey(head, query.sort) }))
    .sort((a, b) => direction * compareKeys(a.key, b.key))
  if (query.cursor) {
    const after = decodeCursor(query.cursor, fingerprint)
    rows = rows.filter((row) => direction * compareKeys(row.key, after) > 0)
  }
  const page = rows.slice(0, query.limit)
  const last = page.at(-1)
  return {
    templates: page.map((row) => toSummary(row.head)),
    nextCursor: rows.length > query.limit && last ? encodeCursor(fingerprint, last.key) : null,
  }
}

/** Every tag of the organization's templates with how many carry it (spec §7 `GET tags`). */
export async function listTags({ organizationId: orgId }: OrganizationContext): Promise<TagList> {
  const counts = new Map<string, number>()
  for (const head of await Repo.listHeads(orgId)) {
    for (const tag of head.tags) counts.set(tag, (counts.get(tag) ?? 0) + 1)
  }
  return {
    tags: [...counts.entries()]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([tag, count]) => ({ tag, count })),
  }
}

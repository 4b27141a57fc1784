import {
  type TagList,
  type TemplateList,
  type TemplateListQuerySchema,
  type TemplateSummary,
  UlidSchema,
} from '@app/contracts'
import * as z from 'zod'
import { type CursorQuery, cursorPosition, encodeCursor } from '../db/cursor'
import { ensureOrganizationMigrated } from '../migrations/public'
import type { OrganizationContext } from '../organizations/public'
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

const PositionSchema = z.object({ key: z.string().min(1).max(2000), id: UlidSchema }).strict()

/**
 * A page of the organization's templates (spec §7 `GET templates`), read in the database in the order of the
 * sort's index; the cursor holds the last row's index position, signed and bound to this organization, search,
 * tag, sort and order.
 */
export async function listTemplates(
  { organizationId }: OrganizationContext,
  query: Query,
): Promise<TemplateList> {
  const order = query.order ?? (query.sort === 'name' ? 'asc' : 'desc')
  const cursorQuery: CursorQuery = {
    list: 'templates',
    scope: organizationId,
    filters: { q: query.q?.toLowerCase(), tag: query.tag, sort: query.sort, order },
  }
  const after = cursorPosition(cursorQuery, query.cursor, PositionSchema)
  await ensureOrganizationMigrated(organizationId)
  const { heads, more } = await Repo.pageHeads({
    orgId: organizationId,
    sort: query.sort,
    ascending: order === 'asc',
    q: query.q?.toLowerCase(),
    tag: query.tag,
    limit: query.limit,
    after,
  })
  const last = heads.at(-1)
  return {
    items: heads.map(toSummary),
    nextCursor: more && last ? encodeCursor(cursorQuery, Repo.headPosition(last, query.sort)) : null,
  }
}

/** Every tag of the organization's templates with how many carry it (spec §7 `GET tags`). */
export async function listTags({ organizationId: orgId }: OrganizationContext): Promise<TagList> {
  const counts = new Map<string, number>()
  for (const head of await Repo.listHeads(orgId)) {
    for (const tag of head.tags) counts.set(tag, (counts.get(tag) ?? 0) + 1)
  }
  return {
    items: [...counts.entries()]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([tag, count]) => ({ tag, count })),
    nextCursor: null,
  }
}

/** Shared test fixtures: the organization's whole stored state, and VISUAL document builders. */
import { organizationPartition } from '@app/core/db/keys'
import { queryAll } from '@app/core/db/table'

/** Everything the organization stores (templates, blocks, versions, names) and its quota: "nothing changed" checks. */
/**
 * The organization's partition as text, to compare before and after a refused call. Audit entries are left out:
 * the dispatcher writes them later, from the events of earlier successful calls, so they may land in between.
 */
export async function orgState(orgId: string): Promise<string> {
  const items = await queryAll({
    KeyConditionExpression: 'PK = :pk',
    FilterExpression: 'attribute_not_exists(entity) OR entity <> :audit',
    ExpressionAttributeValues: { ':pk': organizationPartition(orgId), ':audit': 'AuditEntry' },
    ConsistentRead: true,
  })
  return JSON.stringify(items)
}

export const padding = { top: 8, right: 32, bottom: 8, left: 32 }

export const heading = (id: string, text: string) => ({
  type: 'heading',
  id,
  text,
  level: 1,
  align: 'left',
  color: null,
  fontSize: null,
  padding,
})

export const paragraph = (id: string, text: string) => ({
  type: 'text',
  id,
  paragraphs: [{ runs: [{ type: 'text', text, bold: false, italic: false, href: null }] }],
  align: 'left',
  color: null,
  fontSize: 16,
  lineHeight: 1.6,
  padding,
})

export const button = (id: string, href: string) => ({
  type: 'button',
  id,
  text: 'Open',
  href,
  align: 'center',
  backgroundColor: '#1d4ed8',
  textColor: '#ffffff',
  fontSize: 16,
  borderRadius: 6,
  fullWidth: false,
  padding,
})

/** A VISUAL document of these blocks with a plain style (not validated: tests also build bad ones). */
export const documentOf = (blocks: unknown[]) => ({
  version: 1,
  preheader: 'Hello',
  styles: {
    backgroundColor: '#f3f4f6',
    contentBackgroundColor: '#ffffff',
    contentWidth: 600,
    fontFamily: 'system',
    textColor: '#1f2937',
    linkColor: '#1d4ed8',
    darkMode: false,
  },
  blocks,
})

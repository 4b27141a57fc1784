import { randomUUID } from 'node:crypto'
import {
  applyTransitions,
  initCounterItem,
  putPending,
  SHARDS,
  shardOf,
} from '@app/core/campaigns/sending/ledger.repo'
import { listRecipients } from '@app/core/campaigns/sending/public'
import { transact } from '@app/core/db/transact'
import { describe, expect, it } from 'vitest'
import { type MonitoredOrg, monitoredOrg, postSesEvent, waitFor } from './suppression-helpers'

/**
 * A campaign ledger whose recipients all sit in one shard, moved to `status` as the engine leaves them when SES's
 * answer was lost (UNKNOWN) — seeded through the engine's repository.
 */
async function ledgerWith(orgId: string, count: number, status: 'UNKNOWN' | 'UNCONFIRMED') {
  const campaignId = `01C${randomUUID().replace(/-/g, '').slice(0, 23).toUpperCase()}`
  const shard = SHARDS[0] ?? 0
  const contacts: { id: string; email: string }[] = []
  for (let n = 0; contacts.length < count; n++) {
    const id = `01K${randomUUID().replace(/-/g, '').slice(0, 23).toUpperCase()}`
    if (shardOf(id) === shard) contacts.push({ id, email: `r${n}-${id.toLowerCase()}@example.com` })
  }
  const now = new Date().toISOString()
  await putPending(orgId, campaignId, contacts, now)
  await transact([initCounterItem(orgId, campaignId, shard, count)])
  const moves = contacts.map((contact) => ({
    contactId: contact.id,
    from: 'PENDING' as const,
    to: 'UNKNOWN' as const,
  }))
  expect(await applyTransitions(orgId, campaignId, moves)).toHaveLength(count)
  if (status === 'UNCONFIRMED')
    await applyTransitions(
      orgId,
      campaignId,
      contacts.map((contact) => ({
        contactId: contact.id,
        from: 'UNKNOWN' as const,
        to: 'UNCONFIRMED' as const,
      })),
    )
  return { campaignId, contacts }
}

const statusOf = async (orgId: string, campaignId: string) => {
  const page = await listRecipients(orgId, campaignId, {})
  return Object.fromEntries(page.items.map((row) => [row.contactId, row]))
}

const tagged = (campaignId: string, contactId: string) => ({
  'ses:configuration-set': ['ses-studio-monitoring'],
  campaign: [campaignId],
  contact: [contactId],
})

async function post(
  org: MonitoredOrg,
  eventType: string,
  campaignId: string,
  contact: { id: string; email: string },
  messageId: string,
  body: Record<string, unknown> = {},
) {
  return postSesEvent(org, {
    eventType,
    messageId,
    recipient: contact.email,
    tags: tagged(campaignId, contact.id),
    body,
  })
}

describe('SES events routed to campaign recipients by their tags', () => {
  it('a Send event settles an UNKNOWN or UNCONFIRMED recipient as SENT; a Rendering Failure fails one', async () => {
    const org = await monitoredOrg()
    const unknown = await ledgerWith(org.orgId, 3, 'UNKNOWN')
    const [sent, failed, untouched] = unknown.contacts
    if (!sent || !failed || !untouched) throw new Error('three contacts expected')
    await post(org, 'Send', unknown.campaignId, sent, 'ses-msg-sent', { send: {} })
    await post(org, 'Rendering Failure', unknown.campaignId, failed, 'ses-msg-failed', {
      failure: { errorMessage: "Attribute 'name' is not present in the rendering data.", templateName: 'c' },
    })
    const rows = await waitFor(
      () => statusOf(org.orgId, unknown.campaignId),
      (rows) => rows[sent.id]?.status === 'SENT' && rows[failed.id]?.status === 'FAILED',
      'the events to reach the ledger',
    )
    expect(rows[sent.id]).toMatchObject({ status: 'SENT', messageId: 'ses-msg-sent' })
    expect(rows[failed.id]).toMatchObject({ status: 'FAILED', reason: { code: 'ses.rendering_failure' } })
    expect(rows[untouched.id]?.status).toBe('UNKNOWN')

    const unconfirmed = await ledgerWith(org.orgId, 1, 'UNCONFIRMED')
    const [late] = unconfirmed.contacts
    if (!late) throw new Error('one contact expected')
    // A Delivery (the Send was missed) proves the message went out too.
    await post(org, 'Delivery', unconfirmed.campaignId, late, 'ses-msg-late', {
      delivery: { timestamp: new Date().toISOString(), recipients: [late.email] },
    })
    const lateRows = await waitFor(
      () => statusOf(org.orgId, unconfirmed.campaignId),
      (rows) => rows[late.id]?.status === 'SENT',
      'the delivery to settle the unconfirmed recipient',
    )
    expect(lateRows[late.id]?.messageId).toBe('ses-msg-late')
  }, 90_000)

  it('never touches another organization’s campaign, and ignores untagged or partly tagged events', async () => {
    const [org, other] = await Promise.all([monitoredOrg(), monitoredOrg()])
    const theirs = await ledgerWith(other.orgId, 1, 'UNKNOWN')
    const [contact] = theirs.contacts
    if (!contact) throw new Error('one contact expected')
    // Posted through org's own topic: its events can only reach org's ledgers.
    await post(org, 'Send', theirs.campaignId, contact, 'ses-msg-forged', { send: {} })
    await postSesEvent(org, {
      eventType: 'Send',
      recipient: contact.email,
      tags: { campaign: [theirs.campaignId] },
      body: { send: {} },
    })
    // The same event through the right topic settles it: the routing works, the tenant check held.
    await post(other, 'Send', theirs.campaignId, contact, 'ses-msg-real', { send: {} })
    const rows = await waitFor(
      () => statusOf(other.orgId, theirs.campaignId),
      (rows) => rows[contact.id]?.status === 'SENT',
      'the right topic’s event to settle the recipient',
    )
    expect(rows[contact.id]?.messageId).toBe('ses-msg-real')
  }, 90_000)
})

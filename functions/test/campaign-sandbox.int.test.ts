import { shardOf } from '@app/core/campaigns/sending/ledger.repo'
import { verifyLocalIdentity } from '@app/local-stack/testing/local-aws'
import { describe, expect, it } from 'vitest'
import { createContact, createTopic } from './audience-helpers'
import { act, type CampaignOrg, campaignOrg, compliantSource, createCampaign } from './campaign-helpers'
import { createTemplate } from './ses-sync-helpers'
import { stack, uniqueEmail } from './stack'

/** Two opted-in contacts whose ledger items share a shard, so one SendBulkEmail carries both. */
async function twoInOneBatch(setup: CampaignOrg, topicId: string) {
  const byShard = new Map<number, { id: string; email: string }>()
  for (let n = 0; n < 40; n++) {
    const contact = await createContact(setup.owner, setup.orgId, {
      email: uniqueEmail(`pair${n}`),
      firstName: `Reader${n}`,
      topicPreferences: [{ topicId, status: 'OPT_IN' }],
    })
    const twin = byShard.get(shardOf(contact.id))
    if (twin) {
      for (const other of byShard.values())
        if (other !== twin) await setup.owner.api.delete(`/api/contacts/${other.id}?${setup.oq}`)
      return [twin.email, contact.email] as const
    }
    byShard.set(shardOf(contact.id), contact)
  }
  throw new Error('no two contacts in one shard')
}

/** Polls the campaign until `done` says so (deadline 60 s). */
async function waitForCampaign(
  setup: CampaignOrg,
  id: string,
  done: (campaign: { status: string; counts: Record<string, number> }) => boolean,
) {
  const until = Date.now() + 60_000
  for (;;) {
    const read = await setup.owner.api.get(`/api/campaigns/${id}?${setup.oq}`)
    if (done(read.body)) return read.body
    if (Date.now() > until) throw new Error(`campaign ${id} stuck: ${JSON.stringify(read.body)}`)
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}

describe('a send in the SES sandbox', () => {
  it('fails only the unverified recipient, with SES’s reason, and finishes SENT', {
    timeout: 120_000,
  }, async () => {
    // With SES events on (the campaign's configuration set), as a campaign must run.
    const setup = await campaignOrg()
    const template = await createTemplate(setup.owner, setup.orgId, `Sandbox-${Date.now()}`, {
      source: compliantSource(),
    })
    const topic = await createTopic(setup.owner, setup.orgId, { name: `Sandbox ${Date.now()}` })
    const [unverified, verified] = await twoInOneBatch(setup, topic.id)
    await verifyLocalIdentity(stack, {
      accountId: setup.keys.accountId,
      region: 'us-east-1',
      identity: verified,
    })
    const campaign = await createCampaign(setup, {
      name: 'Sandboxed',
      sender: setup.sender,
      templateId: template.id,
      topicIds: [topic.id],
    })
    expect((await act(setup, campaign.id, 'send')).status).toBe(200)
    const finished = await waitForCampaign(setup, campaign.id, (read) => read.status === 'SENT')
    expect(finished.counts).toMatchObject({ total: 2, sent: 1, failed: 1, pending: 0 })
    const failed = await setup.owner.api.get(
      `/api/campaigns/${campaign.id}/recipients?${setup.oq}&status=FAILED`,
    )
    expect(failed.body.items).toHaveLength(1)
    expect(failed.body.items[0]).toMatchObject({
      email: unverified,
      reason: { code: 'ses.message_rejected', message: expect.stringContaining(unverified) },
    })
    const sent = await setup.owner.api.get(`/api/campaigns/${campaign.id}/recipients?${setup.oq}&status=SENT`)
    expect(sent.body.items.map((row: { email: string }) => row.email)).toEqual([verified])
  })
})

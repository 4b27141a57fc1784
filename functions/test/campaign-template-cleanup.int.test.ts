/**
 * A campaign cancelled before its dispatch step ran (the step that deletes the campaign-owned SES template), then
 * deleted: the deletion's purge removes the template from the customer's SES. The harness's own queues keep the
 * dispatch messages from ever being handled.
 */
import { getCampaign } from '@app/core/campaigns/public'
import { cancelSending } from '@app/core/campaigns/sending/public'
import { getRun } from '@app/core/campaigns/sending/runs.repo'
import { campaignTemplateName } from '@app/core/campaigns/sending/ses-template'
import { send } from '@app/core/campaigns/transitions'
import { CampaignQueues, seeded } from '@app/local-stack/testing/campaign-harness'
import { ListEmailTemplatesCommand } from '@aws-sdk/client-sesv2'
import { ulid } from 'ulid'
import { afterAll, describe, expect, it } from 'vitest'
import { campaignOrg, readyCampaign } from './campaign-helpers'
import { waitFor } from './suppression-helpers'

const OWNER = { type: 'user', accountId: 'owner', email: 'owner@example.com' } as const

const queues = new CampaignQueues({ random: seeded(3), crashRate: 0, errorRate: 0, redeliveryRate: 0 })
afterAll(() => queues.close())

describe('deleting a cancelled campaign', () => {
  it('removes the campaign-owned SES template its dispatch never got to delete', {
    timeout: 90_000,
  }, async () => {
    const setup = await campaignOrg()
    const { campaign } = await readyCampaign(setup, 'Cancelled early', 1)
    await queues.open(`template-cleanup-${ulid().toLowerCase()}`)
    // Sent as the API does (pre-flight, pinned version, engine start), its dispatch left on the harness's queue.
    const record = await getCampaign(setup.orgId, campaign.id)
    if (!record) throw new Error('no campaign record')
    await send(record, OWNER)
    const name = campaignTemplateName(campaign.id)
    const templates = async () =>
      (await setup.ses.send(new ListEmailTemplatesCommand({ PageSize: 100 }))).TemplatesMetadata?.map(
        (item) => item.TemplateName,
      ) ?? []
    expect(await templates()).toContain(name)

    expect(await cancelSending(setup.orgId, campaign.id, { actor: OWNER, name: record.name })).toBe(true)
    expect((await getRun(setup.orgId, campaign.id))?.templateDeleted).toBe(false)
    const read = await setup.owner.api.get(`/api/campaigns/${campaign.id}?${setup.oq}`)
    expect(read.body.status).toBe('CANCELLED')
    expect((await setup.owner.api.delete(`/api/campaigns/${campaign.id}?${setup.oq}`)).status).toBe(204)

    // The deletion's purge (the stack's worker) removes the template, then the run: wait for the run to go
    // (reading DynamoDB, not SES, whose control plane the purge's own call shares), then ask SES once.
    await waitFor(
      () => getRun(setup.orgId, campaign.id),
      (run) => run === undefined,
      'the run to be removed',
    )
    expect(await templates()).not.toContain(name)
  })
})

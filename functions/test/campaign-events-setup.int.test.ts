import { CAMPAIGN_EVENT_TYPES } from '@app/contracts'
import { GetConfigurationSetEventDestinationsCommand } from '@aws-sdk/client-sesv2'
import { describe, expect, it } from 'vitest'
import { act, type CampaignOrg, campaignOrg, enableEvents, readyCampaign } from './campaign-helpers'

/** What the account's event destination really publishes, read from the local SES. */
async function publishedTypes(setup: CampaignOrg, configurationSetName: string) {
  const { EventDestinations } = await setup.ses.send(
    new GetConfigurationSetEventDestinationsCommand({ ConfigurationSetName: configurationSetName }),
  )
  expect(EventDestinations).toHaveLength(1)
  return [...(EventDestinations?.[0]?.MatchingEventTypes ?? [])].sort()
}

const preflightOf = async (setup: CampaignOrg, id: string) => {
  const read = await setup.owner.api.get(`/api/campaigns/${id}/preflight?${setup.oq}`)
  expect(read.status, JSON.stringify(read.body)).toBe(200)
  return read.body
}

describe('a campaign needs its account’s SES events', () => {
  it('refuses the send without them, names the missing types of an older set-up, and sends once set up again', {
    timeout: 120_000,
  }, async () => {
    const setup = await campaignOrg('TEAM_MONTHLY', { events: false })
    const { campaign } = await readyCampaign(setup, 'Needs events', 2)

    const off = await preflightOf(setup, campaign.id)
    expect(off.events).toEqual({
      state: 'MISSING',
      configurationSetName: null,
      eventTypes: [],
      missingEventTypes: [...CAMPAIGN_EVENT_TYPES],
    })
    expect(off.refusals).toEqual([
      { code: 'ses_events', message: expect.stringContaining('cannot be reconciled') },
    ])
    const refused = await act(setup, campaign.id, 'send')
    expect(refused.status).toBe(409)
    expect(refused.body.error).toMatchObject({
      code: 'campaigns.preflight_refused',
      message: expect.stringContaining('Set up SES events'),
    })
    expect((await setup.owner.api.get(`/api/campaigns/${campaign.id}?${setup.oq}`)).body.status).toBe('DRAFT')

    // An account set up by monitoring with fewer event types (as before campaigns needed them).
    const older = await enableEvents(setup.owner, setup.orgId, setup.awsAccountId, ['DELIVERY', 'BOUNCE'])
    const configurationSet = older.configurationSetName as string
    expect(await publishedTypes(setup, configurationSet)).toEqual(['BOUNCE', 'DELIVERY'])
    const partial = await preflightOf(setup, campaign.id)
    expect(partial.events).toMatchObject({
      state: 'INCOMPLETE',
      configurationSetName: configurationSet,
      missingEventTypes: ['SEND', 'COMPLAINT', 'REJECT', 'RENDERING_FAILURE', 'OPEN', 'CLICK'],
    })
    expect(partial.refusals).toEqual([
      { code: 'ses_events', message: expect.stringContaining('SEND, COMPLAINT, REJECT') },
    ])
    expect((await act(setup, campaign.id, 'send')).status).toBe(409)

    // Running enable-monitoring again (what the create flow's button does) brings the destination up to date.
    const types = [...new Set([...older.eventTypes, ...CAMPAIGN_EVENT_TYPES])]
    const updated = await enableEvents(setup.owner, setup.orgId, setup.awsAccountId, types)
    expect(updated.configurationSetName).toBe(configurationSet)
    expect(await publishedTypes(setup, configurationSet)).toEqual([...types].sort())
    const ready = await preflightOf(setup, campaign.id)
    expect(ready.events).toMatchObject({ state: 'READY', missingEventTypes: [] })
    expect(ready.refusals).toEqual([])
    const sent = await act(setup, campaign.id, 'send')
    expect(sent.status, JSON.stringify(sent.body)).toBe(200)
    expect(sent.body.status).toBe('SENDING')
  })
})

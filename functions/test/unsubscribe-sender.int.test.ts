import { signedLinkQuery } from '@app/core/audience/unsubscribe/headers'
import { describe, expect, it } from 'vitest'
import { createContact } from './audience-helpers'
import { campaignOrg, readyCampaign } from './campaign-helpers'
import { anonymous, uniqueEmail } from './stack'

/** The public page's data for a link of `contactId` sent with `campaignId` (or none). */
async function pageOf(orgId: string, contactId: string, topicId: string, campaignId?: string) {
  const query = signedLinkQuery({
    contact: { id: contactId, organizationId: orgId },
    topics: [topicId],
    campaignId,
  })
  const page = await anonymous().get(`/api/contacts/unsubscribe?${query}`)
  expect(page.status, JSON.stringify(page.body)).toBe(200)
  return page.body as { organizationName: string; senderName: string }
}

describe('public unsubscribe page: who sent the email', () => {
  it("names the campaign's From name while the organization has no name, the organization's name once it has one", async () => {
    const setup = await campaignOrg('TEAM_MONTHLY', { events: false })
    const { campaign, topic } = await readyCampaign(setup, 'Sender name', 1)
    const contact = await createContact(setup.owner, setup.orgId, {
      email: uniqueEmail('reader'),
      topicPreferences: [{ topicId: topic.id, status: 'OPT_IN' }],
    })

    expect(await pageOf(setup.orgId, contact.id, topic.id, campaign.id)).toMatchObject({
      organizationName: '',
      senderName: setup.sender.fromName,
    })
    // A link without a campaign (a signup confirmation, a test) has no From name to fall back on.
    expect((await pageOf(setup.orgId, contact.id, topic.id)).senderName).toBe('')

    const renamed = await setup.owner.api.patch(`/api/organizations/${setup.orgId}`, { name: 'Acme Books' })
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200)
    expect(await pageOf(setup.orgId, contact.id, topic.id, campaign.id)).toMatchObject({
      organizationName: 'Acme Books',
      senderName: 'Acme Books',
    })
  })
})

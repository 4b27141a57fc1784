import { campaignPausedSubscribers } from '@app/core/campaigns/paused-mail'
import { newEvent } from '@app/core/events/outbox'
import { updateLocalSesAccount } from '@app/local-stack/testing/local-aws'
import { listMail } from '@app/local-stack/testing/mailbox'
import { describe, expect, it } from 'vitest'
import { act, campaignOrg, readyCampaign } from './campaign-helpers'
import { stack, waitForMail } from './stack'
import { waitFor } from './suppression-helpers'

describe('a campaign paused by SES', () => {
  it('mails the organization’s owners the reason and a link to the campaign', {
    timeout: 120_000,
  }, async () => {
    const setup = await campaignOrg()
    const { campaign } = await readyCampaign(setup, 'Stopped by SES', 1)
    // Sending paused for the whole AWS account: SES refuses the first batch.
    await updateLocalSesAccount(stack, setup.keys.accountId, { sendingEnabled: false })
    const since = Math.floor(Date.now() / 1000)
    expect((await act(setup, campaign.id, 'send')).status).toBe(200)
    const paused = await waitFor(
      async () => (await setup.owner.api.get(`/api/campaigns/${campaign.id}?${setup.oq}`)).body,
      (body) => body.status === 'PAUSED',
      'the campaign to pause',
    )
    expect(paused.pauseReason).toMatchObject({ code: 'ses.sending_paused' })
    const mail = await waitForMail(stack, {
      to: setup.owner.email,
      subjectIncludes: 'Campaign paused',
      since,
    })
    expect(mail.subject).toBe('Campaign paused: Stopped by SES')
    expect(mail.text).toContain(paused.pauseReason.message)
    expect(mail.text).toContain(`/app/campaigns/${campaign.id}`)
  })

  it('mails each owner once per event, however often the event is handled', async () => {
    const setup = await campaignOrg()
    const { campaign } = await readyCampaign(setup, 'Paused twice', 1)
    const [subscriber] = campaignPausedSubscribers
    if (!subscriber) throw new Error('no campaign.paused subscriber')
    const pausedEvent = (message: string) =>
      newEvent(
        'campaign.paused',
        setup.orgId,
        {
          campaignId: campaign.id,
          reason: { code: 'ses.sending_paused', message, at: new Date().toISOString() },
        },
        { type: 'system', name: 'campaigns.engine' },
      )
    const since = Math.floor(Date.now() / 1000)
    const redelivered = pausedEvent(`Redelivered ${campaign.id}`)
    await subscriber.handle(redelivered, {})
    await subscriber.handle(redelivered, {})
    // A later event's mail arrives after any the redelivery could have sent: then count.
    const later = pausedEvent(`Later ${campaign.id}`)
    await subscriber.handle(later, {})
    await waitFor(
      () => listMail(stack, since),
      (mails) => mails.some((mail) => mail.text?.includes(`Later ${campaign.id}`)),
      'the later event’s mail',
    )
    const mails = (await listMail(stack, since)).filter((mail) =>
      mail.text?.includes(`Redelivered ${campaign.id}`),
    )
    expect(mails).toHaveLength(1)
    expect(mails[0]?.to).toEqual([setup.owner.email])
  })
})

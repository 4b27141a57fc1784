import { updateLocalSesAccount } from '@app/local-stack/testing/local-aws'
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
})

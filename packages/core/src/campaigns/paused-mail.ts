import { appPaths } from '@app/contracts'
import { getAccountWithMemberships } from '../accounts/public'
import { coreEnv } from '../env'
import { on } from '../events/dispatch'
import { sendProductMail } from '../mail/product-mail'
import { getOrganization, listMembers } from '../organizations/public'
import { getCampaignRecord as getCampaign } from './campaigns.repo'
import { markMailed, unmarkMailed } from './mail-marks.repo'

/** Pauses a member asked for: nobody is mailed about them. */
const BY_A_MEMBER = 'paused_by_user'

/** Names in a subject stay on one line and short (names refuse control characters; line breaks are spaced). */
const oneLine = (text: string, max = 80) => {
  const flat = text.replace(/\s+/g, ' ').trim()
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat
}

/**
 * A campaign paused by the engine for an account-level error (sending paused or suspended, an identity or MAIL FROM
 * not verified, the setup missing): each owner of the organization gets the product's mail with SES's reason and
 * a link to the campaign, where it resumes once fixed. Once per owner and event: a redelivered or retried event
 * (a crash after some mails, a failed one) mails only the owners not yet mailed about it (a conditional mark per
 * event and owner, made before the mail and taken back if the mail fails).
 */
export const campaignPausedSubscribers = [
  on('campaign.paused', 'campaigns.mail_owners_paused', async (event) => {
    const orgId = event.organizationId
    const { campaignId, reason } = event.payload
    if (!orgId || reason.code === BY_A_MEMBER) return
    const [campaign, organization, members] = await Promise.all([
      getCampaign(orgId, campaignId),
      getOrganization(orgId),
      listMembers(orgId),
    ])
    if (!campaign || !organization) return
    const owners = members.filter((member) => member.role === 'OWNER')
    const accounts = await Promise.all(owners.map((owner) => getAccountWithMemberships(owner.accountId)))
    const name = oneLine(campaign.name)
    for (const found of accounts) {
      if (!found || !(await markMailed(orgId, event.id, found.account.id))) continue
      await sendProductMail({
        to: found.account.email,
        subject: `Campaign paused: ${name}`,
        paragraphs: [
          `The campaign “${name}” of ${oneLine(organization.name || 'your organization')} stopped sending: SES refused the account’s mail.`,
          `SES said: ${reason.message}`,
          'Nothing more is sent until you resume it. Fix the cause in your AWS account, then resume the campaign: it continues where it stopped, with no duplicate.',
        ],
        action: { label: 'Open the campaign', url: `${coreEnv().appUrl}${appPaths.campaign(campaignId)}` },
        footnote: 'You receive this as an owner of the organization.',
      }).catch(async (error: unknown) => {
        await unmarkMailed(orgId, event.id, found.account.id)
        throw error
      })
    }
  }),
]

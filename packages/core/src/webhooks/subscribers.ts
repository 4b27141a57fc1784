import { appPaths, WEBHOOK_EVENT_TYPES } from '@app/contracts'
import { getAccountWithMemberships } from '../accounts/public'
import { webhookMailedKey } from '../db/keys'
import { coreEnv } from '../env'
import { on } from '../events/dispatch'
import { sendProductMail } from '../mail/product-mail'
import { getOrganization, listMembers } from '../organizations/public'
import { clearMark, markOnce } from '../platform/once'
import { deliverEvent } from './delivery'

/**
 * Each webhook event type: a delivery to every enabled endpoint of the organization that wants it (one subscriber
 * per type, named by it: a queue finds its subscriber by name).
 */
const deliverySubscribers = WEBHOOK_EVENT_TYPES.map((type) =>
  on(type, `webhooks.deliver:${type}`, (event) => deliverEvent(event)),
)

/**
 * An endpoint disabled for persistent failure: each owner of the organization is mailed once per event (a once
 * mark per event and owner, taken back when the mail fails, so a retry mails only those not yet mailed).
 */
const mailOwners = on('webhook_endpoint.disabled', 'webhooks.mail_owners_disabled', async (event) => {
  const orgId = event.organizationId
  if (!orgId) return
  const [organization, members] = await Promise.all([getOrganization(orgId), listMembers(orgId)])
  if (!organization) return
  const owners = members.filter((member) => member.role === 'OWNER')
  const accounts = await Promise.all(owners.map((owner) => getAccountWithMemberships(owner.accountId)))
  for (const found of accounts) {
    if (!found) continue
    const mark = webhookMailedKey(orgId, event.id, found.account.id)
    if (!(await markOnce(mark, { entity: 'WebhookMailed', ttlSeconds: 30 * 24 * 3600 }))) continue
    await sendProductMail({
      to: found.account.email,
      subject: 'Webhook endpoint disabled',
      paragraphs: [
        `The webhook endpoint ${event.payload.url} of ${organization.name || 'your organization'} was disabled: its deliveries kept failing.`,
        event.payload.reason.message,
        'No more events are sent to it until you re-enable it. Failed deliveries can be redelivered from its delivery log.',
      ],
      action: { label: 'Open webhooks', url: `${coreEnv().appUrl}${appPaths.webhooks()}` },
      footnote: 'You receive this as an owner of the organization.',
    }).catch(async (error: unknown) => {
      await clearMark(mark)
      throw error
    })
  }
})

export const webhookSubscribers = [...deliverySubscribers, mailOwners]

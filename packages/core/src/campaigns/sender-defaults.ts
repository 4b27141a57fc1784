import type { CampaignSenderDefaults } from '@app/contracts'
import type { OrganizationContext } from '../organizations/public'
import { getSenderDefaultsRecord } from './sender-defaults.repo'

/**
 * What a new campaign's sender starts from (`GET campaigns/sender-defaults`): the sender last saved on any of the
 * organization's campaigns, written with that campaign (`senderDefaultsPut`); none before the first.
 */
export async function getSenderDefaults({
  organizationId,
}: OrganizationContext): Promise<CampaignSenderDefaults> {
  const record = await getSenderDefaultsRecord(organizationId)
  return { sender: record?.sender ?? null, savedAt: record?.savedAt ?? null }
}

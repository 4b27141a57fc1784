import type { Campaign } from '@app/contracts'
import { campaignProblems } from '@app/email/browser'
import { paths } from '../../lib/paths'

/** The refusals a change to the template fixes (the rule the editor's Checks and the pre-flight share). */
export const TEMPLATE_REFUSALS = ['unsubscribe_link', 'postal_address'] as const
export type TemplateRefusal = (typeof TEMPLATE_REFUSALS)[number]

const isTemplateRefusal = (value: string | null): value is TemplateRefusal =>
  (TEMPLATE_REFUSALS as readonly (string | null)[]).includes(value)

const ULID = /^[0-9A-HJKMNP-TV-Z]{26}$/

/** The template's editor, opened from the campaign's review to fix `code` (the banner there says what). */
export function templateFixPath(
  campaign: Pick<Campaign, 'id' | 'templateId'>,
  code: TemplateRefusal,
): string {
  return campaign.templateId
    ? paths.template(campaign.templateId, { forCampaign: campaign.id, fix: code })
    : paths.templates()
}

/** Where a postal-address refusal is fixed: the template when the campaign has an address, else Sender. */
export function postalAddressFixPath(campaign: Pick<Campaign, 'id' | 'templateId' | 'sender'>): string {
  return campaign.sender?.postalAddress && campaign.templateId
    ? templateFixPath(campaign, 'postal_address')
    : paths.campaign(campaign.id, { step: 'sender' })
}

/** What the editor was opened to fix, from its address (`?forCampaign=&fix=`); `fix` only when it is one. */
export interface TemplateFixContext {
  campaignId: string
  fix: TemplateRefusal | undefined
}

export function readTemplateFix(search: URLSearchParams): TemplateFixContext | undefined {
  const campaignId = search.get('forCampaign')
  if (!campaignId || !ULID.test(campaignId)) return undefined
  const fix = search.get('fix')
  return { campaignId, fix: isTemplateRefusal(fix) ? fix : undefined }
}

/**
 * Whether the saved template still has the refused problem for this campaign (its postal address): the
 * pre-flight's own message when it does. Unsaved edits do not count: the pre-flight reads the saved version.
 */
export function templateFixState(
  saved: { html: string; textPart: string },
  sender: Campaign['sender'],
  fix: TemplateRefusal,
): { fixed: true } | { fixed: false; message: string } {
  const problem = campaignProblems(
    { html: saved.html, text: saved.textPart },
    { postalAddress: sender?.postalAddress ?? '' },
  ).find((item) => item.code === fix)
  return problem ? { fixed: false, message: problem.message } : { fixed: true }
}

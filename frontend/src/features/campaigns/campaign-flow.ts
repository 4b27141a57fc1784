import {
  CAMPAIGN_EVENT_TYPES,
  type Campaign,
  type CampaignSender,
  type Contact,
  type EmailIdentity,
  type MissingVariables,
  type PreflightRefusalCode,
  recipientData,
  SES_EVENT_TYPES,
  type SesEventType,
} from '@app/contracts'
import { enginePreviewValues } from '@app/email/browser'
import { paths } from '../../lib/paths'
import { chosenAddress, initialSenderChoice, type SenderChoice } from '../email-identities/sender-choice'
import { postalAddressFixPath, templateFixPath } from './template-fix'

/** The 'Create campaign' flow, in order; a draft's page opens at the first step it still needs. */
export const FLOW_STEPS = ['content', 'audience', 'sender', 'schedule', 'review'] as const
export type FlowStep = (typeof FLOW_STEPS)[number]

export const STEP_TEXT: Record<FlowStep, string> = {
  content: 'Content',
  audience: 'Audience',
  sender: 'Sender',
  schedule: 'Schedule',
  review: 'Review',
}

export function isFlowStep(value: string | null): value is FlowStep {
  return (FLOW_STEPS as readonly (string | null)[]).includes(value)
}

/** The first step a draft still lacks (content, audience, sender), else the review. */
export function firstOpenStep(campaign: Pick<Campaign, 'templateId' | 'topicIds' | 'sender'>): FlowStep {
  if (!campaign.templateId) return 'content'
  if (campaign.topicIds.length === 0) return 'audience'
  if (!campaign.sender) return 'sender'
  return 'review'
}

/** Whether a step may be opened: those before it are done (the review needs content, audience and sender). */
export function stepReachable(
  step: FlowStep,
  campaign: Pick<Campaign, 'templateId' | 'topicIds' | 'sender'> | undefined,
): boolean {
  if (step === 'content') return true
  if (!campaign?.templateId) return false
  if (step === 'audience') return true
  if (campaign.topicIds.length === 0) return false
  if (step === 'sender') return true
  return campaign.sender !== null
}

export const nextStep = (step: FlowStep): FlowStep | undefined => FLOW_STEPS[FLOW_STEPS.indexOf(step) + 1]
export const previousStep = (step: FlowStep): FlowStep | undefined => FLOW_STEPS[FLOW_STEPS.indexOf(step) - 1]

/**
 * A contact's data as the engine sends it (contracts' `recipientData`, which the send uses): the contact's data,
 * then what the engine fills in itself: the campaign's postal address, the organization's name (here the From
 * name, as the send uses while the organization has none) and `unsubscribeUrl` (here the link a test send
 * carries: the real one is signed per recipient at send time).
 */
export function contactTemplateData(
  contact: Pick<Contact, 'email' | 'firstName' | 'lastName' | 'attributes'>,
  origin: string,
  sender?: Pick<NonNullable<Campaign['sender']>, 'postalAddress' | 'fromName'> | null,
): Record<string, unknown> {
  const engine = enginePreviewValues({ origin, organizationName: sender?.fromName })
  return recipientData(contact, {
    ...engine,
    ...(sender?.postalAddress ? { postalAddress: sender.postalAddress } : {}),
  })
}

/** The missing-variable choice with one default changed (an empty default keeps the variable without one). */
export function withDefault(choice: MissingVariables, name: string, value: string): MissingVariables {
  const values = choice.mode === 'default' ? { ...choice.values } : {}
  if (value === '') delete values[name]
  else values[name] = value
  return { mode: 'default', values }
}

/**
 * Where the From field starts: the sender's address (the campaign's, or the organization's last saved one) when
 * the chosen account can send from it (`kept`: a verified address, or one at a verified domain), else the
 * account's first verified identity.
 */
export function senderStart(
  sender: Pick<CampaignSender, 'fromEmail'> | null,
  senders: readonly Pick<EmailIdentity, 'id' | 'type'>[],
): { choice: SenderChoice; kept: boolean } {
  const choice = initialSenderChoice(senders, sender?.fromEmail ?? null)
  const kept =
    sender !== null && chosenAddress(senders, choice)?.toLowerCase() === sender.fromEmail.toLowerCase()
  return { choice, kept }
}

/** How to fix each refusal, and where. */
export const REFUSAL_FIX: Record<
  PreflightRefusalCode,
  { text: string; to?: (campaign: Campaign) => string }
> = {
  incomplete: { text: 'Choose a template, at least one topic and a sender in the steps above.' },
  identity_not_verified: {
    text: 'Verify the sender address or its domain in this AWS account, or pick a verified one.',
    to: () => paths.emailIdentities(),
  },
  account_not_verified: {
    text: 'Check the AWS connection again from its status page.',
    to: () => paths.awsAccount(),
  },
  template_missing: { text: 'The template was deleted: pick another one in Content.' },
  unsubscribe_link: {
    text: 'Add a visible link to {{unsubscribeUrl}} to the template (the variable picker offers it) and to its text part.',
    to: (campaign) => templateFixPath(campaign, 'unsubscribe_link'),
  },
  postal_address: {
    text: 'Enter your postal address in Sender, and show it in the template with {{postalAddress}} (the variable picker offers it) in the HTML and the text part.',
    to: postalAddressFixPath,
  },
  no_recipients: {
    text: 'Nobody is subscribed to the chosen topics: pick other topics or add contacts.',
    to: () => paths.contacts(),
  },
  ses_events: { text: 'Set up SES events with the button above.' },
}

/**
 * What "Set up SES events" asks enable-monitoring for: the types the account publishes now (a choice made on the
 * Monitoring page stays) and every type a campaign needs, in SES's order.
 */
export function campaignEventTypes(current: readonly SesEventType[]): SesEventType[] {
  const wanted = new Set<SesEventType>([...current, ...CAMPAIGN_EVENT_TYPES])
  return SES_EVENT_TYPES.filter((type) => wanted.has(type))
}

/** Up to 5 addresses, comma or line separated, each once. */
export function parseTestAddresses(text: string): string[] {
  const seen = new Set<string>()
  return text
    .split(/[\s,;]+/)
    .map((address) => address.trim())
    .filter((address) => {
      const key = address.toLowerCase()
      if (!address || seen.has(key)) return false
      seen.add(key)
      return true
    })
}

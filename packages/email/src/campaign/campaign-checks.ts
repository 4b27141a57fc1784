import { ENGINE_VARIABLE_NAMES, type EngineValues, type EngineVariableName } from '@app/contracts'
import { visibleLinks } from '../links/links'
import { htmlToText } from '../text/html-to-text'

/**
 * The variables a campaign send fills in itself for every recipient, whatever the contact's data: a template reads
 * them like any other variable, but no contact needs them and no sample data is asked for (the names are
 * `ENGINE_VARIABLE_NAMES` of `@app/contracts`, which the send fills in). `email` is not here: it is the contact's
 * own address (always present, so never missing either).
 */
export const ENGINE_VARIABLES: readonly { name: EngineVariableName; description: string }[] = [
  {
    name: 'unsubscribeUrl',
    description:
      'The recipient’s own signed link to their preference page (a test send links to a page saying it was a test). Campaigns refuse a template without a visible one.',
  },
  {
    name: 'postalAddress',
    description:
      'The sender’s postal address, as set on the campaign (CAN-SPAM asks for it in every marketing email).',
  },
  {
    name: 'organizationName',
    description: 'Your organization’s name, as set in Settings (the campaign’s From name while it has none).',
  },
]

const ENGINE_NAMES: ReadonlySet<string> = new Set(ENGINE_VARIABLE_NAMES)

/** Whether a variable (a top-level name or a path starting with one) is filled by the campaign send. */
export const isEngineVariable = (path: string) => ENGINE_NAMES.has(path.split(/[.[]/, 1)[0] ?? '')

/**
 * What a preview shows for the engine's variables: a link to the page a test send's link opens (`origin` is the
 * app's), a postal address that reads as one, and the organization's name when it is known.
 */
export function enginePreviewValues(options: { origin: string; organizationName?: string }): EngineValues {
  return {
    unsubscribeUrl: `${options.origin}/unsubscribe?test=1`,
    postalAddress: '100 Main Street, Springfield, IL 62701 (the campaign’s postal address)',
    organizationName: options.organizationName?.trim() || 'Your organization',
  }
}

export type CampaignProblemCode = 'unsubscribe_link' | 'postal_address'
export interface CampaignProblem {
  code: CampaignProblemCode
  message: string
}

/** `{{unsubscribeUrl}}` or `{{{unsubscribeUrl}}}`, spaces allowed. */
const UNSUBSCRIBE_TAG = /\{\{\{?\s*unsubscribeUrl\s*\}?\}\}/
const POSTAL_TAG = /\{\{\{?\s*postalAddress\s*\}?\}\}/g
const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
/** An address typed on several lines in the template still matches one typed with commas. */
const addressWords = (text: string) => text.replace(/[,;]/g, ' ').replace(/\s+/g, ' ').trim().toLowerCase()

export const UNSUBSCRIBE_LINK_MESSAGE =
  'The template needs a visible unsubscribe link: a link to {{unsubscribeUrl}} with text in the HTML, and {{unsubscribeUrl}} in the text part.'

/** Whether the HTML has a visible link to the preference page and the text part (when any) has its URL. */
export function hasUnsubscribeLink(content: { html: string; text: string }): boolean {
  const linked = visibleLinks(content.html).some(
    (link) => UNSUBSCRIBE_TAG.test(link.href) && link.text.length > 0,
  )
  return linked && (content.text.trim() === '' || UNSUBSCRIBE_TAG.test(content.text))
}

/**
 * Whether the sender's postal address reads in the HTML's visible text and in the text part (when any), with
 * `{{postalAddress}}` standing for it. Without an address (the template editor, which knows no campaign),
 * whether both parts show `{{postalAddress}}`.
 */
export function showsPostalAddress(content: { html: string; text: string }, postalAddress?: string): boolean {
  const wanted = postalAddress === undefined ? '{{postaladdress}}' : addressWords(postalAddress)
  if (!wanted) return false
  // As the send fills it: HTML-escaped in the HTML part, as typed in the text part.
  const fill = (source: string, inHtml: boolean) =>
    source.replace(POSTAL_TAG, () =>
      postalAddress === undefined ? '{{postalAddress}}' : inHtml ? escapeHtml(postalAddress) : postalAddress,
    )
  const shows = (text: string) => addressWords(text).includes(wanted)
  const text = fill(content.text, false)
  return shows(htmlToText(fill(content.html, true))) && (text.trim() === '' || shows(text))
}

/**
 * What a campaign refuses in a template's content, the one rule the editor's Checks and the campaign's pre-flight
 * both apply. `sender` is the campaign's (its postal address set or not); without it (the editor) the postal
 * address is asked for as `{{postalAddress}}`.
 */
export function campaignProblems(
  content: { html: string; text: string },
  sender?: { postalAddress: string },
): CampaignProblem[] {
  const problems: CampaignProblem[] = []
  if (!hasUnsubscribeLink(content))
    problems.push({ code: 'unsubscribe_link', message: UNSUBSCRIBE_LINK_MESSAGE })
  if (!showsPostalAddress(content, sender?.postalAddress)) {
    problems.push({
      code: 'postal_address',
      message: !sender
        ? 'Campaigns need the sender’s postal address in the HTML and the text part: insert {{postalAddress}} (each campaign fills in its own), or type it exactly as you will set it on the campaign.'
        : sender.postalAddress
          ? 'The template must show the sender’s postal address as set on the campaign (in the HTML and the text part): {{postalAddress}} shows it.'
          : 'Set the sender’s postal address, and show it in the template (CAN-SPAM).',
    })
  }
  return problems
}

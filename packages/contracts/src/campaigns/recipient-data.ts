import type { EngineValues } from './preflight'

/** What of a contact a template can read: its attributes, address and names. */
export interface RecipientContact {
  email: string
  firstName?: string | null
  lastName?: string | null
  attributes: Record<string, string>
}

/**
 * A contact's data as the template sees it: the attributes, then its address and its names (empty names left
 * out, so a template's default for them applies).
 */
export function contactData(contact: RecipientContact): Record<string, string> {
  const data: Record<string, string> = { ...contact.attributes, email: contact.email }
  if (contact.firstName) data.firstName = contact.firstName
  if (contact.lastName) data.lastName = contact.lastName
  return data
}

/**
 * What a campaign send gives the template for one recipient, and what the campaign preview shows: the contact's
 * data, then the engine's own values last — a contact attribute of the same name never replaces the signed link
 * or the campaign's postal address.
 */
export function recipientData(contact: RecipientContact, engine: EngineValues): Record<string, string> {
  return { ...contactData(contact), ...engine }
}

import { appPaths } from '@app/contracts'
import { coreEnv } from '../env'
import { sendProductMail } from '../mail/product-mail'
import type { InvitationRecord } from './invitations.repo'

/** Names from people go into a subject and one-line sentences: no line breaks or control characters, not endless. */
export function oneLine(text: string, max = 80): string {
  const flat = text
    .replace(/[\p{Cc}\p{Zl}\p{Zp}]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat
}

const ROLE_WORDS = { ADMIN: 'an admin', MEMBER: 'a member' } as const

const expiryText = (iso: string) => `${iso.slice(0, 16).replace('T', ' ')} UTC`

/** The invitation's mail (a new one or a resend): who invited, to which organization, the role, the expiry. */
export function invitationMail(record: InvitationRecord, token: string, organizationName: string) {
  const inviter = oneLine(record.invitedBy.name || record.invitedBy.email)
  const organization = oneLine(organizationName) || 'their organization'
  const named = organizationName.trim() ? organization : 'their organization on SES Studio'
  return {
    to: record.email,
    subject: oneLine(`${inviter} invited you to join ${organization} on SES Studio`, 160),
    paragraphs: [
      `${inviter} (${oneLine(record.invitedBy.email, 254)}) invited you to join ${named} as ${ROLE_WORDS[record.role]}.`,
      `The invitation is for ${record.email}: sign in, or sign up, with this address to accept it.`,
    ],
    action: {
      label: 'Accept the invitation',
      url: `${coreEnv().appUrl}${appPaths.join(record.id, { token })}`,
    },
    footnote: `The link works until ${expiryText(record.expiresAt)}. If you did not expect this invitation, you can ignore this message.`,
  }
}

export async function sendInvitationMail(
  record: InvitationRecord,
  token: string,
  organizationName: string,
): Promise<void> {
  await sendProductMail(invitationMail(record, token, organizationName))
}

import { SES_REGION_NAMES, type SesRegion } from '@app/contracts'
import { callUpstream } from './upstream'

export const regionName = (region: string) => SES_REGION_NAMES[region as SesRegion] ?? region

export const VERIFICATION_SENDER = 'Amazon Web Services <no-reply-aws@amazon.com>'
export const verificationSubject = (region: string) =>
  `Amazon Web Services – Email Address Verification Request in region ${regionName(region)}`

/** The mail SES sends to a new email identity, delivered to the local mailbox with a link back to us. */
export async function sendVerificationMail(options: {
  upstreamUrl: string
  to: string
  region: string
  accountId: string
  link: string
}): Promise<void> {
  const { to, region, link, accountId } = options
  const paragraphs = [
    'Dear Amazon Web Services Customer,',
    `We have received a request to authorize this email address for use with Amazon SES and Amazon Pinpoint in region ${regionName(region)}. If you requested this verification, please go to the following URL to confirm that you are authorized to use this email address:`,
  ]
  const footer = [
    'Your request will not be processed unless you confirm the address using this URL. This link expires 24 hours after your original verification request.',
    `(Local AWS stand-in: account ${accountId}, ${region}.)`,
  ]
  const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)
  await callUpstream(options.upstreamUrl, 'POST', '/v2/email/outbound-emails', {
    FromEmailAddress: VERIFICATION_SENDER,
    Destination: { ToAddresses: [to] },
    Content: {
      Simple: {
        Subject: { Data: verificationSubject(region) },
        Body: {
          Text: { Data: [...paragraphs, link, ...footer].join('\n\n') },
          Html: {
            Data: [
              ...paragraphs.map((text) => `<p>${escapeHtml(text)}</p>`),
              `<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`,
              ...footer.map((text) => `<p>${escapeHtml(text)}</p>`),
            ].join(''),
          },
        },
      },
    },
  })
}

import { callUpstream } from './upstream'

const REGION_NAMES: Record<string, string> = {
  'us-east-1': 'US East (N. Virginia)',
  'us-east-2': 'US East (Ohio)',
  'us-west-1': 'US West (N. California)',
  'us-west-2': 'US West (Oregon)',
  'ca-central-1': 'Canada (Central)',
  'sa-east-1': 'South America (São Paulo)',
  'eu-west-1': 'Europe (Ireland)',
  'eu-west-2': 'Europe (London)',
  'eu-west-3': 'Europe (Paris)',
  'eu-central-1': 'Europe (Frankfurt)',
  'eu-central-2': 'Europe (Zurich)',
  'eu-north-1': 'Europe (Stockholm)',
  'eu-south-1': 'Europe (Milan)',
  'ap-south-1': 'Asia Pacific (Mumbai)',
  'ap-northeast-1': 'Asia Pacific (Tokyo)',
  'ap-northeast-2': 'Asia Pacific (Seoul)',
  'ap-northeast-3': 'Asia Pacific (Osaka)',
  'ap-southeast-1': 'Asia Pacific (Singapore)',
  'ap-southeast-2': 'Asia Pacific (Sydney)',
  'ap-southeast-3': 'Asia Pacific (Jakarta)',
  'af-south-1': 'Africa (Cape Town)',
  'il-central-1': 'Israel (Tel Aviv)',
  'me-south-1': 'Middle East (Bahrain)',
}

export const regionName = (region: string) => REGION_NAMES[region] ?? region

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

import { SendEmailCommand } from '@aws-sdk/client-sesv2'
import { ses } from '../aws'
import { coreEnv } from '../env'

export interface ProductMail {
  to: string
  subject: string
  /** Paragraphs of plain text; links are given separately so both parts carry them. */
  paragraphs: string[]
  action?: { label: string; url: string }
  footnote?: string
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)

export function renderProductMail(mail: ProductMail): { html: string; text: string } {
  const text = [
    ...mail.paragraphs,
    ...(mail.action ? [`${mail.action.label}: ${mail.action.url}`] : []),
    ...(mail.footnote ? [mail.footnote] : []),
    '— SES Studio',
  ].join('\n\n')
  const button = mail.action
    ? `<p style="margin:28px 0"><a href="${escapeHtml(mail.action.url)}" style="background:#4f46e5;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:600">${escapeHtml(mail.action.label)}</a></p><p style="color:#64748b;font-size:13px">Or paste this link into your browser:<br>${escapeHtml(mail.action.url)}</p>`
    : ''
  const html = `<!doctype html><html><body style="margin:0;background:#f8fafc;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;color:#0f172a"><div style="max-width:560px;margin:0 auto;padding:32px 24px"><p style="font-weight:700;font-size:18px;margin:0 0 24px">SES Studio</p><div style="background:#fff;border:1px solid #e2e8f0;border-radius:10px;padding:28px">${mail.paragraphs
    .map((paragraph) => `<p style="line-height:1.55;margin:0 0 14px">${escapeHtml(paragraph)}</p>`)
    .join(
      '',
    )}${button}${mail.footnote ? `<p style="color:#64748b;font-size:13px;margin-top:24px">${escapeHtml(mail.footnote)}</p>` : ''}</div></div></body></html>`
  return { html, text }
}

/** Mail the product sends on its own behalf (verification, password reset), through the operator's SES. */
export async function sendProductMail(mail: ProductMail): Promise<void> {
  const { html, text } = renderProductMail(mail)
  await ses().send(
    new SendEmailCommand({
      FromEmailAddress: coreEnv().mailFrom,
      Destination: { ToAddresses: [mail.to] },
      Content: {
        Simple: {
          Subject: { Data: mail.subject, Charset: 'UTF-8' },
          Body: { Html: { Data: html, Charset: 'UTF-8' }, Text: { Data: text, Charset: 'UTF-8' } },
        },
      },
    }),
  )
}

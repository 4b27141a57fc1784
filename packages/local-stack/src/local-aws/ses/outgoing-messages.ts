type Json = Record<string, unknown>
type Header = { name: string; value: string }

export const text = (value: unknown) => (typeof value === 'string' ? value : undefined)
export const strings = (value: unknown) =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []
export const object = (value: unknown) => (value && typeof value === 'object' ? (value as Json) : {})

/** One message of an accepted send, as its SES event records describe it. */
export interface Outgoing {
  messageId: string
  from: string
  to: string[]
  cc: string[]
  bcc: string[]
  subject?: string
  /** Rendered by aws-ses-v2-local: its subject is read back from the mailbox. */
  templated: boolean
  headers: Header[]
  tags: [string, string][]
}

function requestHeaders(value: unknown): Header[] {
  return (Array.isArray(value) ? value : [])
    .map(object)
    .filter((header) => typeof header.Name === 'string' && typeof header.Value === 'string')
    .map((header) => ({ name: header.Name as string, value: header.Value as string }))
}

const contentType = (html: unknown, body: unknown) =>
  typeof html === 'string' && typeof body === 'string'
    ? 'multipart/alternative; boundary="----=_Part_local_aws"'
    : `text/${typeof html === 'string' ? 'html' : 'plain'}; charset=UTF-8`

/** A raw message's headers, unfolded (Bcc left out, as the delivered message has none). */
function rawHeaders(raw: string): Header[] {
  const head = (raw.split(/\r?\n\r?\n/)[0] ?? '').replace(/\r?\n[ \t]+/g, ' ')
  return head
    .split(/\r?\n/)
    .map((line) => /^([!-9;-~]+):[ \t]*(.*)$/.exec(line))
    .filter((match): match is RegExpExecArray => match !== null && match[1]?.toLowerCase() !== 'bcc')
    .map((match) => ({ name: match[1] as string, value: (match[2] ?? '').trim() }))
}

const splitAddresses = (value: string | undefined) =>
  (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)

function describe(
  messageId: string,
  input: Json,
  content: Json,
  destination: Json,
  extraHeaders: Header[],
  tags: [string, string][],
): Outgoing {
  const replyTo = strings(input.ReplyToAddresses)
  let to = strings(destination.ToAddresses)
  let cc = strings(destination.CcAddresses)
  const bcc = strings(destination.BccAddresses)
  let from = text(input.FromEmailAddress) ?? ''
  const raw = text(object(content.Raw).Data)
  if (raw !== undefined) {
    const headers = rawHeaders(Buffer.from(raw, 'base64').toString('utf8'))
    const header = (name: string) => headers.find((item) => item.name.toLowerCase() === name)?.value
    from ||= header('from') ?? ''
    if (to.length + cc.length + bcc.length === 0) {
      to = splitAddresses(header('to'))
      cc = splitAddresses(header('cc'))
    }
    return { messageId, from, to, cc, bcc, subject: header('subject'), templated: false, headers, tags }
  }
  const simple = object(content.Simple)
  const template = object(content.Template)
  const parts = content.Simple
    ? {
        subject: text(object(simple.Subject).Data),
        html: object(object(simple.Body).Html).Data,
        body: object(object(simple.Body).Text).Data,
      }
    : {
        subject: text(object(template.TemplateContent).Subject),
        html: object(template.TemplateContent).Html,
        body: object(template.TemplateContent).Text,
      }
  const headers: Header[] = [
    { name: 'From', value: from },
    ...(replyTo.length ? [{ name: 'Reply-To', value: replyTo.join(', ') }] : []),
    { name: 'To', value: to.join(', ') },
    ...(cc.length ? [{ name: 'Cc', value: cc.join(', ') }] : []),
    ...(parts.subject === undefined ? [] : [{ name: 'Subject', value: parts.subject }]),
    { name: 'MIME-Version', value: '1.0' },
    { name: 'Content-Type', value: contentType(parts.html, parts.body) },
    ...requestHeaders(content.Simple ? simple.Headers : template.Headers),
    ...extraHeaders,
  ]
  return {
    messageId,
    from,
    to,
    cc,
    bcc,
    subject: parts.subject,
    templated: !content.Simple,
    headers,
    tags,
  }
}

const emailTags = (value: unknown): [string, string][] =>
  (Array.isArray(value) ? value : [])
    .map(object)
    .filter((tag) => typeof tag.Name === 'string' && typeof tag.Value === 'string')
    .map((tag) => [tag.Name as string, tag.Value as string])

/** Each accepted message of a SendEmail / SendBulkEmail call, with its MessageId from the answer. */
export function outgoingMessages(operation: string, input: Json, answer: Json): Outgoing[] {
  if (operation === 'SendEmail') {
    const messageId = text(answer.MessageId)
    if (!messageId) return []
    return [
      describe(
        messageId,
        input,
        object(input.Content),
        object(input.Destination),
        [],
        emailTags(input.EmailTags),
      ),
    ]
  }
  const entries = Array.isArray(input.BulkEmailEntries) ? input.BulkEmailEntries.map(object) : []
  const results = Array.isArray(answer.BulkEmailEntryResults) ? answer.BulkEmailEntryResults.map(object) : []
  return entries.flatMap((entry, index) => {
    const result = results[index]
    const messageId = text(result?.MessageId)
    if (result?.Status !== 'SUCCESS' || !messageId) return []
    const tags = new Map([...emailTags(input.DefaultEmailTags), ...emailTags(entry.ReplacementTags)])
    const replaced = new Set(requestHeaders(entry.ReplacementHeaders).map((header) => header.name))
    const content = object(input.DefaultContent)
    const template = object(content.Template)
    return [
      describe(
        messageId,
        input,
        {
          Template: {
            ...template,
            Headers: requestHeaders(template.Headers)
              .filter((header) => !replaced.has(header.name))
              .map((header) => ({ Name: header.name, Value: header.value })),
          },
        },
        object(entry.Destination),
        requestHeaders(entry.ReplacementHeaders),
        [...tags],
      ),
    ]
  })
}

/** The subjects aws-ses-v2-local rendered, by message id (its mailbox keeps them). */
export async function renderedSubjects(upstreamUrl: string, since: number): Promise<Map<string, string>> {
  try {
    const response = await fetch(`${upstreamUrl}/store?since=${since}`)
    const { emails } = (await response.json()) as { emails?: { messageId?: string; subject?: string }[] }
    return new Map(
      (emails ?? [])
        .filter((mail) => typeof mail.messageId === 'string' && typeof mail.subject === 'string')
        .map((mail) => [mail.messageId as string, mail.subject as string]),
    )
  } catch {
    return new Map()
  }
}

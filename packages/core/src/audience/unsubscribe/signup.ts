import {
  type ConfirmSignupBody,
  SIGNUP_CONFIRM_PATH,
  SIGNUP_HONEYPOT_FIELD,
  type SignupBody,
  SignupBodySchema,
  type SignupForm,
  signupPagePath,
  UlidSchema,
} from '@app/contracts'
import { coreEnv } from '../../env'
import { AppError } from '../../errors'
import type { Logger } from '../../log'
import { sendProductMail } from '../../mail/product-mail'
import { getOrganization } from '../../organizations/public'
import { getContact } from '../contacts.repo'
import { effectiveStatus, type TopicRecord } from '../model'
import { changeSubscriptions } from '../preferences'
import { ensureContact } from '../reads'
import { getTopic } from '../topics.repo'
import { signLink, verifyLink } from './links'
import type { RequestOrigin } from './preferences'
import { limitSignupsFrom, mayMail } from './signup-rate'

const topicNotFound = () =>
  new AppError('signup.topic_not_found', 'This signup form does not exist any more.')

async function requireTopic(orgId: string, topicId: string): Promise<TopicRecord> {
  const topic = await getTopic(orgId, topicId)
  if (!topic || topic.deleting) throw topicNotFound()
  return topic
}

/** The organization's display name ('' when it has none: an account's first organization starts unnamed). */
const organizationName = async (orgId: string) => (await getOrganization(orgId))?.name ?? ''

/** `GET signup/{topicId}`: what the hosted page shows. */
export async function signupForm(orgId: string, topicId: string): Promise<SignupForm> {
  const [topic, name] = await Promise.all([requireTopic(orgId, topicId), organizationName(orgId)])
  return {
    organizationName: name,
    topic: { id: topic.id, name: topic.name, description: topic.description, doubleOptIn: topic.doubleOptIn },
  }
}

/** The mailed confirmation link (signed for this contact and this topic only). */
export function confirmationUrl(orgId: string, contactId: string, topicId: string): string {
  const { keyId, signature } = signLink('confirm-signup', {
    organizationId: orgId,
    contactId,
    topicIds: [topicId],
  })
  const query = new URLSearchParams({ organizationId: orgId, contactId, topicId, keyId, signature })
  return `${coreEnv().appUrl}${SIGNUP_CONFIRM_PATH}?${query}`
}

/**
 * `POST signup`: a person (or a bot) asks for a topic's emails. The answer depends only on the topic, never on
 * whether the address was known, suppressed or already subscribed. A filled honeypot is dropped silently. A
 * double opt-in topic makes the contact PENDING (never mailed by a campaign) and mails a signed confirmation
 * link, at most a few a day per address; a single opt-in topic subscribes at once (unless suppressed).
 */
export async function signUp(
  body: Omit<SignupBody, 'email'> & { email: string },
  origin: RequestOrigin,
  log?: Logger,
): Promise<{ confirmationRequired: boolean }> {
  if (body[SIGNUP_HONEYPOT_FIELD]) {
    log?.info('signup.honeypot')
    return { confirmationRequired: true }
  }
  await limitSignupsFrom(origin.ip)
  const topic = await requireTopic(body.organizationId, body.topicId)
  const trail = { source: 'signup' as const, ...origin }
  const contact = await ensureContact(
    body.organizationId,
    {
      email: body.email,
      firstName: body.firstName ?? null,
      lastName: body.lastName ?? null,
      source: { kind: 'signup' },
    },
    trail,
  )
  const status = topic.doubleOptIn ? 'PENDING' : 'OPT_IN'
  if (effectiveStatus(contact, topic) === 'OPT_IN') return { confirmationRequired: topic.doubleOptIn }
  const { refused } = await changeSubscriptions(
    body.organizationId,
    contact.id,
    { topics: { [topic.id]: status } },
    trail,
    { onSuppressed: 'skip' },
  )
  if (refused.length > 0) log?.info('signup.suppressed')
  else if (topic.doubleOptIn) {
    if (await mayMail(body.organizationId, contact.email)) await mailConfirmation(contact, topic)
    else log?.info('signup.mail_limited')
  }
  return { confirmationRequired: topic.doubleOptIn }
}

async function mailConfirmation(contact: { id: string; orgId: string; email: string }, topic: TopicRecord) {
  const name = await organizationName(contact.orgId)
  await sendProductMail({
    to: contact.email,
    subject: `Confirm your subscription to ${topic.name}`,
    paragraphs: [
      `${name || 'We'} received a request to send "${topic.name}" emails to this address.`,
      'Confirm to start receiving them. If you did not ask for this, ignore this email: nothing will be sent.',
    ],
    action: { label: 'Confirm subscription', url: confirmationUrl(contact.orgId, contact.id, topic.id) },
  })
}

/** `POST signup/confirm`: the person opened the mailed link; subscribes them (repeating changes nothing). */
export async function confirmSignup(
  body: ConfirmSignupBody,
  origin: RequestOrigin,
): Promise<{ organizationName: string; topicName: string }> {
  const fields = { organizationId: body.organizationId, contactId: body.contactId, topicIds: [body.topicId] }
  if (!verifyLink('confirm-signup', fields, body))
    throw new AppError('unsubscribe.invalid_signature', 'This confirmation link is not valid.')
  const topic = await requireTopic(body.organizationId, body.topicId)
  if (!(await getContact(body.organizationId, body.contactId)))
    throw new AppError('unsubscribe.contact_gone', 'This signup no longer exists.')
  await changeSubscriptions(
    body.organizationId,
    body.contactId,
    { topics: { [topic.id]: 'OPT_IN' } },
    { source: 'signup-confirmation', ...origin },
  )
  return { organizationName: await organizationName(body.organizationId), topicName: topic.name }
}

/**
 * `POST signup/form` (the embeddable form): the same signup, answered with the hosted page's address and the
 * result (`sent`, `subscribed`, `invalid`, `limited`), built from validated ids only.
 */
export async function signUpByForm(
  rawBody: string,
  origin: RequestOrigin,
  log?: Logger,
): Promise<{ location: string }> {
  const fields = Object.fromEntries(new URLSearchParams(rawBody))
  const orgId = UlidSchema.safeParse(fields.organizationId)
  const topicId = UlidSchema.safeParse(fields.topicId)
  const appUrl = coreEnv().appUrl
  if (!orgId.success || !topicId.success) return { location: `${appUrl}/` }
  const page = `${appUrl}${signupPagePath(orgId.data, topicId.data)}`
  const body = SignupBodySchema.safeParse(fields)
  if (!body.success) return { location: `${page}?result=invalid` }
  try {
    const { confirmationRequired } = await signUp(body.data, origin, log)
    return { location: `${page}?result=${confirmationRequired ? 'sent' : 'subscribed'}` }
  } catch (error) {
    if (error instanceof AppError && error.code === 'rate.limited')
      return { location: `${page}?result=limited` }
    if (error instanceof AppError && error.code === 'signup.topic_not_found') return { location: page }
    throw error
  }
}

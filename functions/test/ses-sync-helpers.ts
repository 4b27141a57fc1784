/** Shared set-up of the SES sync and jobs integration tests: an organization with a connected AWS account of its own. */
import { createLocalCustomerAccount, type LocalAwsKeys } from '@app/local-stack/testing/local-aws'
import { GetEmailTemplateCommand, SESv2Client } from '@aws-sdk/client-sesv2'
import { expect } from 'vitest'
import { setSubscription } from './seed'
import { newUser, stack } from './stack'

export type User = Awaited<ReturnType<typeof newUser>>

/** An organization on START (5 actions) or TEAM (unlimited) with a verified key connection to a new account. */
export async function orgWithAccount(plan: 'START' | 'TEAM_MONTHLY' = 'TEAM_MONTHLY') {
  const owner = await newUser()
  const orgId: string = (await owner.api.get('/api/account')).body.selectedOrganization
  if (plan === 'START') await owner.api.patch(`/api/organizations/${orgId}`, { plan: 'START' })
  else await setSubscription(orgId, plan, 'active')
  const keys = await createLocalCustomerAccount(stack)
  const created = await owner.api.post(`/api/aws-accounts?organizationId=${orgId}`, {
    method: 'keys',
    region: 'us-east-1',
    accessKeyId: keys.accessKeyId,
    secretAccessKey: keys.secretAccessKey,
  })
  expect(created.status, JSON.stringify(created.body)).toBe(201)
  const awsAccountId = created.body.id as string
  return {
    owner,
    orgId,
    keys,
    awsAccountId,
    ses: customerSes(keys),
    q: `organizationId=${orgId}&awsAccountId=${awsAccountId}`,
  }
}

/** The customer's own SES client (the stand-in throttles control-plane calls at 1/s, as SES does). */
export function customerSes(keys: LocalAwsKeys): SESv2Client {
  return new SESv2Client({
    maxAttempts: 8,
    retryMode: 'adaptive',
    region: 'us-east-1',
    endpoint: stack.aws.gatewayUrl,
    credentials: { accessKeyId: keys.accessKeyId, secretAccessKey: keys.secretAccessKey },
  })
}

export const html = (body: string) => `<html><body>${body}</body></html>`

export async function createTemplate(
  user: User,
  orgId: string,
  name: string,
  extra: Record<string, unknown> = {},
) {
  const created = await user.api.post(`/api/templates?organizationId=${orgId}`, {
    name,
    editorType: 'HTML',
    subject: `Hello {{firstName}} (${name})`,
    source: html(`<p>Hi {{firstName}}, this is ${name}.</p>`),
    sampleData: [{ name: 'Default', data: { firstName: 'Maya' } }],
    ...extra,
  })
  expect(created.status, JSON.stringify(created.body)).toBe(201)
  return created.body as {
    id: string
    name: string
    subject: string
    html: string
    textPart: string
    version: number
  }
}

/** Polls the job until it finishes. */
export async function waitForJob(user: User, orgId: string, jobId: string, timeoutMs = 60_000) {
  const until = Date.now() + timeoutMs
  for (;;) {
    const read = await user.api.get(`/api/jobs/${jobId}?organizationId=${orgId}`)
    expect(read.status, JSON.stringify(read.body)).toBe(200)
    if (['succeeded', 'partially_failed', 'failed'].includes(read.body.status)) return read.body
    if (Date.now() > until) throw new Error(`job ${jobId} did not finish: ${JSON.stringify(read.body)}`)
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}

export async function sesContent(ses: SESv2Client, name: string) {
  try {
    const { TemplateContent } = await ses.send(new GetEmailTemplateCommand({ TemplateName: name }))
    return {
      subject: TemplateContent?.Subject ?? '',
      html: TemplateContent?.Html ?? '',
      text: TemplateContent?.Text ?? '',
    }
  } catch (error) {
    if ((error as Error).name === 'NotFoundException') return null
    throw error
  }
}

export const rowOf = (overview: { sesTemplates: { name: string }[] }, name: string) =>
  overview.sesTemplates.find((row) => row.name === name) as Record<string, unknown> | undefined

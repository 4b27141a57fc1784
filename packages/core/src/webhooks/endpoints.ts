import {
  type Page,
  type WebhookEndpoint,
  type WebhookEndpointInput,
  WebhookEndpointInputSchema,
  WebhookEndpointUpdateSchema,
} from '@app/contracts'
import { ulid } from 'ulid'
import type * as z from 'zod'
import { principalOf } from '../actor'
import { nowIso } from '../db/table'
import { webhookSettings } from '../env'
import { AppError } from '../errors'
import { assertAllowed, type OrganizationContext } from '../organizations/public'
import { sealSecret } from '../platform/secrets'
import { enqueuePurge } from '../purge/public'
import * as Repo from './endpoints.repo'
import { newWebhookSecret } from './signature'
import { checkUrl, UrlRefused } from './ssrf'
import { forgetWantedTypes } from './wanted'

/** Endpoints an organization may have. */
export const MAX_ENDPOINTS = 20
/** How long the previous secret keeps signing beside the new one after a rotation. */
export const ROTATION_GRACE_MS = 24 * 3600_000

export const secretOwner = (orgId: string, endpointId: string) => ({
  purpose: 'webhook-signing-secret' as const,
  organizationId: orgId,
  endpointId,
})

export function toEndpoint(record: Repo.EndpointRecord): WebhookEndpoint {
  return {
    id: record.endpointId,
    url: record.url,
    description: record.description,
    eventTypes: record.eventTypes as WebhookEndpoint['eventTypes'],
    status: record.status,
    disabledReason: record.disabledReason,
    secretPrefix: record.secretPrefix,
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
  }
}

const notFound = () => new AppError('webhook.endpoint_not_found', 'No such webhook endpoint.')

/** 400 `webhook.url_refused` unless the URL is https and resolves only to addresses webhooks may reach. */
export async function assertReachableUrl(url: string): Promise<string> {
  try {
    return (await checkUrl(url, webhookSettings())).url.toString()
  } catch (error) {
    if (error instanceof UrlRefused) throw new AppError('webhook.url_refused', error.message)
    throw error
  }
}

const parse = <S extends z.ZodType>(schema: S, input: unknown): z.output<S> => {
  const parsed = schema.safeParse(input)
  if (parsed.success) return parsed.data
  const issue = parsed.error.issues[0]
  throw new AppError('request.invalid', `${issue?.path.join('.') || 'body'}: ${issue?.message ?? 'invalid'}`)
}

async function sealed(orgId: string, endpointId: string) {
  const secret = newWebhookSecret()
  return {
    secret,
    sealed: await sealSecret(secret, secretOwner(orgId, endpointId)),
    prefix: `${secret.slice(0, 10)}…`,
  }
}

export async function requireEndpoint(orgId: string, endpointId: string): Promise<Repo.EndpointRecord> {
  const record = await Repo.getEndpoint(orgId, endpointId)
  if (!record) throw notFound()
  return record
}

/** A new endpoint, enabled; the answer carries its signing secret this once (sealed at rest). */
export async function createEndpoint(context: OrganizationContext, input: WebhookEndpointInput) {
  assertAllowed(context, 'webhooks.manage')
  const body = parse(WebhookEndpointInputSchema, input)
  const url = await assertReachableUrl(body.url)
  const orgId = context.organizationId
  if ((await Repo.listEndpoints(orgId)).length >= MAX_ENDPOINTS)
    throw new AppError('request.invalid', `An organization has at most ${MAX_ENDPOINTS} webhook endpoints.`)
  const endpointId = ulid()
  const { secret, sealed: sealedSecret, prefix } = await sealed(orgId, endpointId)
  const now = nowIso()
  const record: Repo.EndpointRecord = {
    endpointId,
    orgId,
    url,
    description: body.description,
    eventTypes: [...new Set(body.eventTypes)],
    status: 'enabled',
    disabledReason: null,
    secret: sealedSecret,
    secretPrefix: prefix,
    previousSecret: null,
    createdAt: now,
    updatedAt: now,
    createdBy: principalOf(context.actor),
  }
  await Repo.putNewEndpoint(record)
  forgetWantedTypes(orgId)
  return { endpoint: toEndpoint(record), secret }
}

/** Every endpoint of the organization (at most `MAX_ENDPOINTS`: one page). */
export async function listEndpoints(context: OrganizationContext): Promise<Page<WebhookEndpoint>> {
  assertAllowed(context, 'webhooks.manage')
  const records = await Repo.listEndpoints(context.organizationId)
  return { items: records.map(toEndpoint), nextCursor: null }
}

export async function getEndpoint(
  context: OrganizationContext,
  endpointId: string,
): Promise<WebhookEndpoint> {
  assertAllowed(context, 'webhooks.manage')
  return toEndpoint(await requireEndpoint(context.organizationId, endpointId))
}

async function change(
  context: OrganizationContext,
  endpointId: string,
  apply: (record: Repo.EndpointRecord) => Promise<Repo.EndpointRecord> | Repo.EndpointRecord,
): Promise<Repo.EndpointRecord> {
  assertAllowed(context, 'webhooks.manage')
  const record = await requireEndpoint(context.organizationId, endpointId)
  const next = { ...(await apply(record)), updatedAt: nowIso() }
  if (next.updatedAt === record.updatedAt)
    next.updatedAt = new Date(Date.parse(next.updatedAt) + 1).toISOString()
  if (!(await Repo.saveEndpoint(next, record.updatedAt)))
    throw new AppError('version.conflict', 'The endpoint changed meanwhile: reload it and try again.')
  forgetWantedTypes(context.organizationId)
  return next
}

export async function updateEndpoint(context: OrganizationContext, endpointId: string, input: unknown) {
  const patch = parse(WebhookEndpointUpdateSchema, input)
  const url = patch.url === undefined ? undefined : await assertReachableUrl(patch.url)
  const record = await change(context, endpointId, (current) => ({
    ...current,
    ...(url === undefined ? {} : { url }),
    ...(patch.description === undefined ? {} : { description: patch.description }),
    ...(patch.eventTypes === undefined ? {} : { eventTypes: [...new Set(patch.eventTypes)] }),
  }))
  return toEndpoint(record)
}

/** A new signing secret (shown this once); the previous one keeps signing beside it for 24 hours. */
export async function rotateEndpointSecret(context: OrganizationContext, endpointId: string) {
  const { secret, sealed: sealedSecret, prefix } = await sealed(context.organizationId, endpointId)
  const record = await change(context, endpointId, (current) => ({
    ...current,
    secret: sealedSecret,
    secretPrefix: prefix,
    previousSecret: { sealed: current.secret, until: new Date(Date.now() + ROTATION_GRACE_MS).toISOString() },
  }))
  return { endpoint: toEndpoint(record), secret }
}

/** A disabled endpoint takes deliveries again (new events; a failed delivery is redelivered by hand). */
export async function reenableEndpoint(context: OrganizationContext, endpointId: string) {
  const record = await change(context, endpointId, (current) => {
    if (current.status === 'enabled')
      throw new AppError('webhook.state_conflict', 'The endpoint is enabled already.')
    return { ...current, status: 'enabled', disabledReason: null }
  })
  return toEndpoint(record)
}

/** The endpoint goes at once; its delivery log follows in the purge queue. */
export async function deleteEndpoint(context: OrganizationContext, endpointId: string): Promise<void> {
  assertAllowed(context, 'webhooks.manage')
  if (!(await Repo.deleteEndpoint(context.organizationId, endpointId))) throw notFound()
  forgetWantedTypes(context.organizationId)
  await enqueuePurge({
    kind: 'leftovers',
    domain: 'webhooks',
    orgId: context.organizationId,
    ids: [endpointId],
  })
}

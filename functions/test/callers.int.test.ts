import {
  acceptsCaller,
  can,
  ENDPOINT_GROUPS,
  type PERMISSIONS,
  ROLES,
  type Role,
  type RouteEntry,
  routes,
  routesOfGroup,
  TemplateListQuerySchema,
} from '@app/contracts'
import { type ApiKeyActor, AwsAccounts, Jobs, systemActor, TemplateList, Templates } from '@app/core'
import { type OrganizationContext, organizationContext } from '@app/core/organizations/context'
import { requireMembership } from '@app/core/organizations/organizations'
import { ulid } from 'ulid'
import { beforeAll, describe, expect, it } from 'vitest'
import * as z from 'zod'
import { callerAuthenticators } from '../src/middleware/api-callers'
import { endpointGroup } from '../src/middleware/endpoint-group'
import { httpEvent, lambdaContext, type TestHandler } from '../src/middleware/handler-testing'
import { idempotency } from '../src/middleware/steps/idempotency'
import { rateLimit } from '../src/middleware/steps/rate-limit'
import { addMember, setSubscription } from './seed'
import { newUser } from './stack'

type User = Awaited<ReturnType<typeof newUser>>
type TemplateListQueryOutput = z.output<typeof TemplateListQuerySchema>

const owners = {
  template: Templates.organizationOfTemplate,
  awsAccount: AwsAccounts.organizationOfAwsAccount,
}

const claimsOf = (user: User) => ({
  sub: user.sub,
  email: user.email,
  email_verified: 'true',
  'cognito:username': user.sub,
  token_use: 'id',
})

/**
 * The real middleware over a group's organization routes (caller, organization, role, permission, plan), each
 * answering the context it was handed; the routes' own schemas are left out, as they run after the gate.
 */
function contextProbe(group: (typeof ENDPOINT_GROUPS)[number]): TestHandler {
  const probed = routesOfGroup(group)
    .filter((route) => route.permission && acceptsCaller(route, 'user'))
    .map(
      (route) =>
        ({
          ...route,
          params: undefined,
          query: undefined,
          body: route.body ? z.unknown() : undefined,
          response: undefined,
          produces: undefined,
          status: 200,
        }) as RouteEntry,
    )
  const handlers = Object.fromEntries(
    probed.map((route) => [
      route.id,
      async ({ context }: { context: { organizationId: string; role: Role | null } }) => ({
        organizationId: context.organizationId,
        role: context.role,
      }),
    ]),
  )
  return endpointGroup(group, routes, handlers as never, {
    routes: probed,
    owners,
    rateLimit,
    idempotency,
    // The real authenticators of a group with routes that take API keys (topics), as its handler passes them.
    authenticators: callerAuthenticators,
  }) as TestHandler
}

interface World {
  owner: User
  orgId: string
  templateId: string
  awsAccountId: string
  users: Record<Role | 'stranger', User>
}

let world: World

beforeAll(async () => {
  const [owner, admin, member, stranger] = await Promise.all([newUser(), newUser(), newUser(), newUser()])
  const orgId: string = (await owner.api.get('/api/account')).body.organizations[0].id
  await Promise.all([
    setSubscription(orgId, 'TEAM_PLUS_YEARLY', 'active'),
    addMember(orgId, admin.sub, 'ADMIN'),
    addMember(orgId, member.sub, 'MEMBER'),
  ])
  const template = await owner.api.post(`/api/templates?organizationId=${orgId}`, {
    name: 'Probe',
    editorType: 'HTML',
    source: '<p>Probe</p>',
  })
  const awsAccount = await owner.api.post(`/api/aws-accounts?organizationId=${orgId}`, {
    method: 'role',
    name: 'Probe',
    region: 'us-east-1',
  })
  expect([template.status, awsAccount.status]).toEqual([201, 201])
  world = {
    owner,
    orgId,
    templateId: template.body.id,
    awsAccountId: awsAccount.body.id,
    users: { OWNER: owner, ADMIN: admin, MEMBER: member, stranger },
  }
}, 120_000)

/** A call of the route acting for the world's organization: its ids wherever the route takes them. */
function eventFor(route: Pick<RouteEntry, 'path' | 'method' | 'organization' | 'body'>, user: User) {
  const { orgId, templateId, awsAccountId } = world
  const owned = route.organization?.owner
  const idParam = owned === 'template' ? templateId : owned === 'awsAccount' ? awsAccountId : orgId
  const params: Record<string, string> = {}
  for (const [, name] of route.path.matchAll(/\{(\w+)\}/g)) {
    params[name as string] =
      name === 'id' && route.organization?.in === 'params' ? idParam : name === 'version' ? '1' : ulid()
  }
  const event = httpEvent(`${route.method} ${route.path}`, {
    claims: claimsOf(user),
    ...(route.body ? { body: JSON.stringify({ organizationId: orgId, awsAccountId }) } : {}),
  })
  event.pathParameters = params
  event.queryStringParameters = { organizationId: orgId, awsAccountId }
  return event
}

async function call(handler: TestHandler, event: ReturnType<typeof httpEvent>) {
  const response = (await handler(event, lambdaContext)) as { statusCode: number; body: string }
  return { status: response.statusCode, body: JSON.parse(response.body) }
}

describe('the whole route table, role by role', () => {
  for (const group of ENDPOINT_GROUPS) {
    // Key-only routes (the public API) take no user: their scopes and tenants are proven by their own tests.
    const organizationRoutes = routesOfGroup(group).filter(
      (route) => route.permission && acceptsCaller(route, 'user'),
    )
    if (organizationRoutes.length === 0) continue
    it(`${group}: each role gets what the permission table says, strangers 404`, async () => {
      const handler = contextProbe(group)
      for (const route of organizationRoutes) {
        const permission = route.permission as keyof typeof PERMISSIONS
        for (const role of ROLES) {
          const answer = await call(handler, eventFor(route, world.users[role]))
          const label = `${route.id} as ${role} (${permission})`
          if (can(role, permission)) {
            expect(answer, label).toEqual({ status: 200, body: { organizationId: world.orgId, role } })
          } else {
            expect(answer.status, label).toBe(403)
            expect(answer.body.error.code, label).toBe('permission.denied')
          }
        }
        const stranger = await call(handler, eventFor(route, world.users.stranger))
        const source = route.organization
        const hidden =
          source?.notFound ??
          (source?.owner === 'template'
            ? 'template.not_found'
            : source?.owner === 'awsAccount'
              ? 'aws_account.not_found'
              : 'organization.not_found')
        expect(stranger.status, `${route.id} as a stranger`).toBe(404)
        expect(stranger.body.error.code, `${route.id} as a stranger`).toBe(hidden)
      }
    })
  }
})

describe('callers other than a signed-in user', () => {
  /**
   * listTemplates as an API-key route (with a scope standing for a permission keys can hold), served by the real
   * middleware and the real core function.
   */
  function apiKeyTemplates(key: ApiKeyActor | undefined): TestHandler {
    const route = {
      ...routes.listTemplates,
      id: 'listTemplates',
      auth: 'apiKey',
      scope: 'campaigns:read',
      permission: 'campaigns.read',
    } as RouteEntry
    return endpointGroup(
      'templates',
      routes,
      {
        listTemplates: ({
          context,
          query,
        }: {
          context: OrganizationContext
          query: TemplateListQueryOutput
        }) => TemplateList.listTemplates(context, query),
      } as never,
      {
        routes: [route],
        authenticators: {
          apiKey: async (event) => {
            if (!key || event.headers.authorization !== `Bearer ${key.keyId}`)
              throw new Error('the test key was not presented')
            return key
          },
        },
      },
    ) as TestHandler
  }

  function keyEvent(keyId: string, organizationId: string) {
    const event = httpEvent('GET /api/templates', { headers: { authorization: `Bearer ${keyId}` } })
    event.queryStringParameters = { organizationId }
    return event
  }

  it('serves an API key within its organization and scopes, through the pluggable authenticator', async () => {
    const { orgId, templateId } = world
    const key: ApiKeyActor = {
      kind: 'apiKey',
      organizationId: orgId,
      keyId: 'key-read',
      scopes: ['campaigns:read'],
      rateLimitPerMinute: 600,
    }
    const listed = await call(apiKeyTemplates(key), keyEvent(key.keyId, orgId))
    expect(listed.status).toBe(200)
    expect(JSON.stringify(listed.body)).toContain(templateId)

    const elsewhere = await call(apiKeyTemplates(key), keyEvent(key.keyId, ulid()))
    expect(elsewhere.status).toBe(404)
    expect(elsewhere.body.error.code).toBe('organization.not_found')

    const unscoped: ApiKeyActor = { ...key, keyId: 'key-none', scopes: ['contacts:read'] }
    const refused = await call(apiKeyTemplates(unscoped), keyEvent(unscoped.keyId, orgId))
    expect(refused.status).toBe(403)
    expect(refused.body.error.code).toBe('permission.denied')
  })

  it('lets the system act for any existing organization without a membership', async () => {
    const { orgId, templateId } = world
    const system = systemActor('scheduler')
    const context = await organizationContext(system, orgId, 'organization.delete')
    expect(context).toMatchObject({ organizationId: orgId, role: null, organization: { id: orgId } })
    const listed = await TemplateList.listTemplates(
      context,
      TemplateListQuerySchema.parse({ organizationId: orgId }),
    )
    expect(JSON.stringify(listed)).toContain(templateId)
    await expect(Jobs.getJob(context, ulid())).rejects.toMatchObject({ code: 'job.not_found' })
    // Job runs re-check their creator through the same rule; the system passes it.
    await expect(requireMembership(system, orgId, 'content.write')).resolves.toMatchObject({
      org: { id: orgId },
    })
    await expect(organizationContext(system, ulid(), 'organization.read')).rejects.toMatchObject({
      code: 'organization.not_found',
    })
  })

  it('refuses token callers any organization', async () => {
    const token = { kind: 'token', proof: 'unsubscribe', subject: 'contact' } as const
    await expect(organizationContext(token, world.orgId, 'organization.read')).rejects.toMatchObject({
      code: 'organization.not_found',
    })
  })
})

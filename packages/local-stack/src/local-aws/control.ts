import type { IncomingMessage, ServerResponse } from 'node:http'
import { readBody } from '../http/read-body'
import { TemplateError } from './cloudformation'
import type { LocalAwsContext } from './context'
import type { FaultRule } from './faults'
import { roleArn } from './iam'
import { AwsError } from './protocol'
import {
  addUser,
  createCustomerAccount,
  DEMO_ACTIONS,
  deleteRole,
  deployRoleStack,
  describeAccount,
  putCustomerRole,
} from './registry'
import { getAccount, grantProductionAccess, sesAccount } from './ses/account'
import { publishEngagement } from './ses/event-publishing'
import { createEmailIdentity, findIdentity, markVerified } from './ses/identities'
import type { SnsMessageType } from './sns/signing'

type Json = Record<string, unknown>

function reply(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' })
  response.end(JSON.stringify(body))
}

/**
 * `/_local-aws/*`: what a test (or a script) does that a customer would do in the AWS console or AWS would do
 * by itself — accounts, users, roles, verified identities, production access, expired sessions, recipients
 * opening and clicking mail — and the test hooks: faults, throttle settings, the SNS delivery log, the messages
 * SES accepted with their accept times (`GET /_local-aws/ses/accepted?accountId&region&since&tag=name=value`),
 * and every send call with its throttled destinations (`GET /_local-aws/ses/calls?accountId&region&since`).
 * Local only; no authentication.
 */
export async function handleControl(
  context: LocalAwsContext,
  request: IncomingMessage,
  response: ServerResponse,
  url: URL,
): Promise<void> {
  const method = request.method ?? 'GET'
  const parts = url.pathname.split('/').filter(Boolean).slice(1).map(decodeURIComponent)
  const read = async (): Promise<Json> => {
    const body = await readBody(request, 1024 * 1024)
    if (!body.ok || body.body.length === 0) return {}
    return JSON.parse(body.body.toString('utf8')) as Json
  }
  const state = context.state.data
  const changed = () => context.state.save()
  const region = (input: Json) => (typeof input.region === 'string' ? input.region : context.region)

  try {
    const [first, accountId, sub, name] = parts
    if (first === 'accounts' && !accountId) {
      if (method === 'GET')
        return reply(response, 200, {
          accounts: Object.keys(state.accounts).map((id) => describeAccount(state, id)),
        })
      if (method === 'POST') {
        const input = await read()
        const created = createCustomerAccount(state, {
          name: typeof input.name === 'string' ? input.name : undefined,
          actions: Array.isArray(input.actions) ? input.actions.map(String) : undefined,
          region: region(input),
        })
        if (input.productionAccess === true)
          grantProductionAccess(sesAccount(state, created.accountId, region(input)))
        changed()
        return reply(response, 201, created)
      }
    }
    if (first === 'accounts' && accountId) {
      const account = describeAccount(state, accountId)
      if (!account) return reply(response, 404, { message: `No local account ${accountId}` })
      if (!sub && method === 'GET') return reply(response, 200, account)
      if (sub === 'users' && method === 'POST') {
        const input = await read()
        const created = addUser(
          state,
          accountId,
          typeof input.name === 'string' ? input.name : `user-${Date.now().toString(36)}`,
          Array.isArray(input.actions) ? input.actions.map(String) : DEMO_ACTIONS,
        )
        changed()
        return reply(response, 201, created)
      }
      if (sub === 'roles' && method === 'POST') {
        const input = await read()
        if (typeof input.externalId !== 'string')
          return reply(response, 400, { message: 'externalId is required' })
        const role =
          typeof input.templateUrl === 'string'
            ? (
                await deployRoleStack(state, {
                  accountId,
                  region: region(input),
                  stackName: typeof input.stackName === 'string' ? input.stackName : 'SesStudioAccess',
                  templateUrl: input.templateUrl,
                  parameters: { ExternalId: input.externalId },
                  replace: true,
                })
              ).role
            : putCustomerRole(state, {
                accountId,
                region: region(input),
                externalId: input.externalId,
                trustedAccountId:
                  typeof input.trustedAccountId === 'string'
                    ? input.trustedAccountId
                    : context.platformAccountId,
                actions: Array.isArray(input.actions) ? input.actions.map(String) : undefined,
                name: typeof input.name === 'string' ? input.name : undefined,
              })
        changed()
        return reply(response, 201, {
          accountId,
          roleArn: roleArn(accountId, role.name),
          roleName: role.name,
        })
      }
      if (sub === 'roles' && name && method === 'DELETE') {
        const deleted = deleteRole(state, accountId, name)
        changed()
        return reply(response, deleted ? 200 : 404, { deleted })
      }
      if (sub === 'ses' && method === 'POST') {
        const input = await read()
        const ses = sesAccount(state, accountId, region(input), accountId === context.platformAccountId)
        if (input.productionAccess === true) grantProductionAccess(ses)
        if (typeof input.sendingEnabled === 'boolean') ses.sendingEnabled = input.sendingEnabled
        if (typeof input.enforcementStatus === 'string') ses.enforcementStatus = input.enforcementStatus
        if (typeof input.max24HourSend === 'number') ses.max24HourSend = input.max24HourSend
        if (typeof input.maxSendRate === 'number') ses.maxSendRate = input.maxSendRate
        if (input.resetSends === true) ses.sends = []
        changed()
        return reply(response, 200, getAccount(ses, Date.now()))
      }
      if (sub === 'identities' && name === 'verify' && method === 'POST') {
        const input = await read()
        const identity = typeof input.identity === 'string' ? input.identity : ''
        const ses = sesAccount(state, accountId, region(input), accountId === context.platformAccountId)
        // An identity not created yet is created verified (no verification mail), as a test wants a sender.
        const found =
          findIdentity(ses, identity) ?? createEmailIdentity(ses, { EmailIdentity: identity }).identity
        markVerified(found)
        changed()
        return reply(response, 200, { identity: found.name, status: found.status })
      }
    }
    if (first === 'sessions' && accountId === 'expire' && method === 'POST') {
      const input = await read()
      const session = state.sessions[String(input.accessKeyId)]
      if (!session) return reply(response, 404, { message: 'No such session' })
      session.expiresAt = Date.now() - 1000
      changed()
      return reply(response, 200, { accessKeyId: session.accessKeyId, expiresAt: session.expiresAt })
    }
    if (first === 'faults') {
      if (method === 'GET') return reply(response, 200, { faults: context.faults.list() })
      if (method === 'DELETE') {
        context.faults.clear(url.searchParams.get('accountId') ?? undefined)
        return reply(response, 200, { faults: context.faults.list() })
      }
      if (method === 'POST') {
        const input = (await read()) as unknown as FaultRule
        if (input.reset === true && input.error === undefined) input.error = 'ConnectionReset'
        if (typeof input.error !== 'string')
          return reply(response, 400, { message: 'error (an error code) is required' })
        return reply(response, 201, context.faults.arm(input))
      }
    }
    if (first === 'throttle' && method === 'POST') {
      const input = await read()
      const accountIdFilter = typeof input.accountId === 'string' ? input.accountId : undefined
      if (input.reset === true) context.throttle.reset(accountIdFilter, true)
      const change = Object.fromEntries(
        ['rate', 'burst', 'enabled']
          .filter((key) => input[key] !== undefined)
          .map((key) => [key, input[key]]),
      )
      return reply(response, 200, context.throttle.configure(change, accountIdFilter))
    }
    if (first === 'ses' && accountId === 'engagement' && method === 'POST') {
      const input = await read()
      const type = input.type
      if (typeof input.messageId !== 'string' || (type !== 'OPEN' && type !== 'CLICK'))
        return reply(response, 400, { message: "messageId and type ('OPEN' or 'CLICK') are required" })
      const published = publishEngagement(
        { state, deliveries: context.sns, upstreamUrl: context.upstreamUrl, log: context.log },
        input.messageId,
        {
          type,
          link: typeof input.link === 'string' ? input.link : undefined,
          linkTags:
            input.linkTags && typeof input.linkTags === 'object'
              ? (input.linkTags as Record<string, string[]>)
              : undefined,
          userAgent: typeof input.userAgent === 'string' ? input.userAgent : undefined,
          ipAddress: typeof input.ipAddress === 'string' ? input.ipAddress : undefined,
        },
      )
      if (!published)
        return reply(response, 404, {
          message: `No message ${input.messageId} sent with a configuration set by a local customer account`,
        })
      return reply(response, 200, published)
    }
    if (first === 'ses' && accountId === 'calls' && method === 'GET') {
      const since = url.searchParams.get('since')
      return reply(response, 200, {
        calls: context.accepted.listCalls({
          accountId: url.searchParams.get('accountId') ?? undefined,
          region: url.searchParams.get('region') ?? undefined,
          since: since === null ? undefined : Number(since),
        }),
      })
    }
    if (first === 'ses' && accountId === 'accepted') {
      const query = url.searchParams
      if (method === 'DELETE') {
        context.accepted.clear(query.get('accountId') ?? undefined)
        return reply(response, 200, { cleared: true })
      }
      if (method === 'GET') {
        const since = query.get('since')
        const tag = /^([^=]+)=(.*)$/.exec(query.get('tag') ?? '')
        return reply(response, 200, {
          messages: context.accepted.list({
            accountId: query.get('accountId') ?? undefined,
            region: query.get('region') ?? undefined,
            since: since === null ? undefined : Number(since),
            tag: tag ? [tag[1] as string, tag[2] as string] : undefined,
          }),
        })
      }
    }
    if (first === 'sns' && accountId === 'sign' && method === 'POST') {
      const input = await read()
      const fields = Object.entries(input)
      if (
        !['Notification', 'SubscriptionConfirmation', 'UnsubscribeConfirmation'].includes(
          String(input.Type),
        ) ||
        fields.some(([, value]) => typeof value !== 'string')
      )
        return reply(response, 400, { message: 'A message of string fields with an SNS Type is required' })
      const message = input as { Type: SnsMessageType } & Record<string, string>
      return reply(response, 200, { body: context.sns.signedBody(message) })
    }
    if (first === 'sns' && accountId === 'deliveries' && method === 'GET')
      return reply(response, 200, { deliveries: context.sns.recent() })
    reply(response, 404, { message: `No local AWS control at ${method} ${url.pathname}` })
  } catch (error) {
    if (error instanceof TemplateError || error instanceof SyntaxError || error instanceof AwsError)
      return reply(response, 400, { message: error.message })
    throw error
  }
}

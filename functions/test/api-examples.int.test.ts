/**
 * The API reference's examples run (issue 30, "every operation's documented example runs against the local stack"):
 * for every public route of the table (`/api/v1/…`), the curl example of the OpenAPI document the stack serves is
 * parsed and sent with fetch — its method, URL, headers and body, the documented ids and addresses replaced by
 * seeded ones — and must answer the operation's documented success status; an idempotent one, sent again, replays.
 */
import { API_SCOPE_LIST, ROUTE_LIST, type RouteEntry } from '@app/contracts'
import {
  EXAMPLE_API_KEY_VARIABLE,
  EXAMPLE_BASE_URL,
  EXAMPLE_VALUES,
  type ExampleValueName,
} from '@app/contracts/public-api/examples'
import { isPublicApiRoute } from '@app/contracts/public-api/openapi-public'
import { grantProductionAccess, updateLocalSesAccount } from '@app/local-stack/testing/local-aws'
import { beforeAll, describe, expect, it } from 'vitest'
import { act, audienceAndTemplate, type CampaignOrg, campaignOrg, createCampaign } from './campaign-helpers'
import { keyFor } from './public-api-helpers'
import { createTemplate, html } from './ses-sync-helpers'
import { anonymous, stack, uniqueEmail } from './stack'

type Operation = { responses: Record<string, unknown>; 'x-codeSamples'?: { label: string; source: string }[] }
type Document = { paths: Record<string, Record<string, Operation>> }

/** The words of a shell command line as a shell reads them: quotes, `'\''`, `\` line continuations, `$VAR`. */
function shellWords(line: string, env: Record<string, string>): string[] {
  const words: string[] = []
  let word: string | null = null
  for (let index = 0; index < line.length; index++) {
    const char = line[index] as string
    if (char === '\\' && line[index + 1] === '\n') index++
    else if (/\s/.test(char)) {
      if (word !== null) words.push(word)
      word = null
    } else if (char === "'") {
      const end = line.indexOf("'", index + 1)
      word = (word ?? '') + line.slice(index + 1, end)
      index = end
    } else if (char === '"') {
      const end = line.indexOf('"', index + 1)
      const quoted = line.slice(index + 1, end).replace(/\$(\w+)/g, (_, name: string) => env[name] ?? '')
      word = (word ?? '') + quoted
      index = end
    } else word = (word ?? '') + char
  }
  if (word !== null) words.push(word)
  return words
}

/** What a curl command asks: `curl [-X METHOD] URL -H 'Name: value'… [-d BODY]`. */
function curlRequest(source: string, env: Record<string, string>) {
  const words = shellWords(source, env)
  expect(words[0]).toBe('curl')
  const request = {
    method: 'GET',
    url: '',
    headers: {} as Record<string, string>,
    body: undefined as string | undefined,
  }
  for (let index = 1; index < words.length; index++) {
    const word = words[index] as string
    const next = () => words[++index] as string
    if (word === '-X') request.method = next()
    else if (word === '-H') {
      const [name, ...value] = next().split(':')
      request.headers[(name as string).trim()] = value.join(':').trim()
    } else if (word === '-d') request.body = next()
    else if (!word.startsWith('-')) request.url = word
    else throw new Error(`curl option ${word} is not one the examples use`)
  }
  if (request.body !== undefined && request.method === 'GET') request.method = 'POST'
  return request
}

const documentedValues = Object.entries(EXAMPLE_VALUES) as [ExampleValueName, string][]

/** The example's ids and addresses replaced by real ones (as written, and URL-encoded in a path). */
function withValues(text: string, values: Record<ExampleValueName, string>): string {
  let result = text
  for (const [name, documented] of documentedValues) {
    result = result
      .replaceAll(encodeURIComponent(documented), encodeURIComponent(values[name]))
      .replaceAll(documented, values[name])
  }
  return result
}

describe('every public operation’s documented example, run against the local stack', () => {
  const publicRoutes = ROUTE_LIST.filter(isPublicApiRoute)
  /** Examples whose set-up uses up the account's daily quota (so a sent campaign stays SENDING). */
  const usingQuota = new Set([
    'sendPublicCampaign',
    'pausePublicCampaign',
    'resumePublicCampaign',
    'cancelPublicCampaign',
  ])
  // Those run after the others (the engine then waits for the next window), and deleting comes last, so the
  // examples before it find what they read.
  const rank = (route: RouteEntry) => (route.method === 'DELETE' ? 2 : usingQuota.has(route.id) ? 1 : 0)
  const ordered = [...publicRoutes].sort((a, b) => rank(a) - rank(b))
  let setup: CampaignOrg
  let key: string
  let document: Document
  let values: Record<ExampleValueName, string>
  let ready: { templateId: string; topicId: string }

  const draft = async () =>
    (
      await createCampaign(setup, {
        name: `Example ${Date.now()}`,
        sender: setup.sender,
        templateId: ready.templateId,
        topicIds: [ready.topicId],
      })
    ).id
  /** Today's quota used up: a campaign sent stays SENDING (so it can be paused, resumed, cancelled). */
  const noQuota = async () => {
    await updateLocalSesAccount(stack, setup.keys.accountId, { max24HourSend: 0 })
  }
  const acted = async (id: string, ...actions: string[]) => {
    for (const action of actions) expect((await act(setup, id, action)).status, action).toBe(200)
    return id
  }

  /** What an example needs beforehand: a campaign in the state its action starts from. */
  const prepare: Record<string, () => Promise<Partial<Record<ExampleValueName, string>>>> = {
    schedulePublicCampaign: async () => ({ campaignId: await draft() }),
    sendPublicCampaign: async () => {
      await noQuota()
      return { campaignId: await draft() }
    },
    pausePublicCampaign: async () => {
      await noQuota()
      return { campaignId: await acted(await draft(), 'send') }
    },
    resumePublicCampaign: async () => {
      await noQuota()
      return { campaignId: await acted(await draft(), 'send', 'pause') }
    },
    cancelPublicCampaign: async () => {
      await noQuota()
      return { campaignId: await acted(await draft(), 'send') }
    },
  }

  beforeAll(async () => {
    setup = await campaignOrg()
    await grantProductionAccess(stack, setup.keys.accountId, 'us-east-1')
    key = await keyFor(setup, API_SCOPE_LIST)
    const { template, topic } = await audienceAndTemplate(setup, 1)
    ready = { templateId: template.id, topicId: topic.id }
    await createTemplate(setup.owner, setup.orgId, EXAMPLE_VALUES.templateName, {
      subject: 'Your order {{orderNumber}}',
      source: html('<p>Order {{orderNumber}} is on its way.</p>'),
      sampleData: [{ name: 'Default', data: { orderNumber: '1' } }],
    })
    values = {
      campaignId: await draft(),
      templateId: template.id,
      topicId: topic.id,
      contactEmail: uniqueEmail('ada'),
      fromEmail: setup.fromEmail,
      templateName: EXAMPLE_VALUES.templateName,
    }
    const served = await anonymous().get('/api/openapi.json')
    expect(served.status).toBe(200)
    document = served.body
  }, 240_000)

  it('documents a curl and a TypeScript example for every public route', () => {
    for (const route of publicRoutes) {
      const samples = document.paths[route.path]?.[route.method.toLowerCase()]?.['x-codeSamples'] ?? []
      expect(
        samples.map((sample) => sample.label),
        route.id,
      ).toEqual(['curl', 'TypeScript'])
    }
  })

  it.each(ordered.map((route) => [route.id, route] as [string, RouteEntry]))(
    '%s: the curl example answers the documented status',
    async (id, route) => {
      const operation = document.paths[route.path]?.[route.method.toLowerCase()]
      const curl = operation?.['x-codeSamples']?.find((sample) => sample.label === 'curl')?.source
      if (!operation || !curl) throw new Error(`${id} has no curl example in the served document`)
      const documented = Number(Object.keys(operation.responses).find((status) => /^2\d\d$/.test(status)))
      expect(documented).toBe(route.status)
      const stateQuota = (await updateLocalSesAccount(stack, setup.keys.accountId, {})) as {
        SendQuota?: { Max24HourSend?: number }
      }
      try {
        const real = { ...values, ...(await prepare[id]?.()) }
        const request = curlRequest(curl, { [EXAMPLE_API_KEY_VARIABLE]: key })
        expect(request.url.startsWith(`${EXAMPLE_BASE_URL}/api/v1/`), request.url).toBe(true)
        const url = new URL(withValues(request.url.slice(EXAMPLE_BASE_URL.length), real), stack.apiUrl)
        const body = request.body === undefined ? undefined : withValues(request.body, real)
        if (body !== undefined) expect(() => JSON.parse(body)).not.toThrow()
        const send = () => fetch(url, { method: request.method, headers: request.headers, body })
        const answer = await send()
        const text = await answer.text()
        expect(answer.status, `${request.method} ${url.pathname}: ${text}`).toBe(documented)
        if (id === 'sendPublicEmail')
          expect(JSON.parse(text).results[0], text).toMatchObject({ status: 'sent' })
        if (request.headers['Idempotency-Key']) {
          const again = await send()
          expect(again.status, id).toBe(documented)
          expect(again.headers.get('idempotent-replayed'), id).toBe('true')
          expect(await again.text()).toBe(text)
        }
      } finally {
        const max24HourSend = stateQuota.SendQuota?.Max24HourSend
        if (max24HourSend !== undefined)
          await updateLocalSesAccount(stack, setup.keys.accountId, { max24HourSend })
      }
    },
    60_000,
  )
})

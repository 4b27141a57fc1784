import { describe, expect, it } from 'vitest'
import * as z from 'zod'
import { httpEvent } from '../handler-testing'
import { callFor, probeRoute, runBefore } from '../step-testing'
import { validate } from './validate'

const route = probeRoute({
  body: z.object({ name: z.string().max(3) }).strict(),
  params: z.object({ id: z.string().length(2) }),
  query: z.object({ page: z.coerce.number().int().default(1) }),
})

function validated(sent: unknown, init: { id?: string; query?: Record<string, string> } = {}) {
  const event = httpEvent('POST /api/probe/{id}')
  event.pathParameters = { id: init.id ?? 'ab' }
  event.queryStringParameters = init.query
  const { request, call } = callFor(route, event, { sent, body: sent })
  return { run: () => runBefore(validate(), request), call }
}

describe('validate step', () => {
  it('hands on the validated body, path and query (defaults filled), keeping what was sent', async () => {
    const { run, call } = validated({ name: 'Ada' })
    await run()
    expect(call).toMatchObject({ body: { name: 'Ada' }, params: { id: 'ab' }, query: { page: 1 } })
    expect(call.sent).toEqual({ name: 'Ada' })
  })

  it('answers 400 request.invalid naming the part and the field', async () => {
    await expect(validated({ name: 'Adalind' }).run()).rejects.toMatchObject({
      code: 'request.invalid',
      message: expect.stringMatching(/^body\.name: /),
    })
    await expect(validated({ name: 'A', x: 1 }).run()).rejects.toMatchObject({ message: /^body\.x: / })
    await expect(validated({ name: 'A' }, { id: 'abc' }).run()).rejects.toMatchObject({
      message: /^path\.id: /,
    })
    await expect(validated({ name: 'A' }, { query: { page: 'one' } }).run()).rejects.toMatchObject({
      message: /^query\.page: /,
    })
  })

  it('leaves a raw-body route its text', async () => {
    const raw = probeRoute({ rawBody: { contentTypes: ['text/plain'] } })
    const { request, call } = callFor(raw, httpEvent('POST /api/probe'), { sent: 'text', body: 'text' })
    await runBefore(validate(), request)
    expect(call.body).toBe('text')
  })
})

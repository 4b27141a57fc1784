import { describe, expect, it } from 'vitest'
import * as z from 'zod'
import { httpEvent } from '../handler-testing'
import { callFor, probeRoute, runBefore } from '../step-testing'
import { parse } from './parse'

const jsonRoute = probeRoute({ body: z.object({ name: z.string() }) })
const rawRoute = probeRoute({ rawBody: { contentTypes: ['text/plain'] }, maxBodyBytes: 10 })

const send = (route = jsonRoute, body?: string, headers?: Record<string, string>) => {
  const { request, call } = callFor(
    route,
    httpEvent('POST /api/probe', { body, ...(headers ? { headers } : {}) }),
  )
  return { run: () => runBefore(parse(), request), call }
}

describe('parse step', () => {
  it('parses a JSON body into the call, as sent and as the body to validate', async () => {
    const { run, call } = send(jsonRoute, '{"name":"Ada","extra":1}')
    await run()
    expect(call.sent).toEqual({ name: 'Ada', extra: 1 })
    expect(call.body).toBe(call.sent)
  })

  it('refuses a body over the route limit with 413 before reading it', async () => {
    const { run } = send(rawRoute, 'not even the right type, and long', { 'content-type': 'text/csv' })
    await expect(run()).rejects.toMatchObject({ code: 'request.too_large', status: 413 })
  })

  it('gives raw-body routes their text, only in their content types', async () => {
    const ok = send(rawRoute, 'hello', { 'content-type': 'text/plain; charset=UTF-8' })
    await ok.run()
    expect(ok.call.sent).toBe('hello')
    const wrong = send(rawRoute, 'hello', { 'content-type': 'application/json' })
    await expect(wrong.run()).rejects.toMatchObject({
      code: 'request.unsupported_media_type',
      message: 'Send text/plain to this route.',
    })
  })

  it('answers JSON trouble with its own codes', async () => {
    await expect(send(jsonRoute, '{"name":').run()).rejects.toMatchObject({ code: 'request.invalid_json' })
    await expect(send(jsonRoute, 'name=a', { 'content-type': 'text/plain' }).run()).rejects.toMatchObject({
      code: 'request.unsupported_media_type',
    })
    await expect(send(jsonRoute, '{"a":{"__proto__":{}}}').run()).rejects.toMatchObject({
      code: 'request.invalid',
      message: expect.stringMatching(/^body\.a\.__proto__: /),
    })
  })

  it('refuses a body on a route that takes none, blank aside', async () => {
    const none = probeRoute()
    await expect(send(none, '{"force":true}').run()).rejects.toMatchObject({
      code: 'request.invalid',
      message: 'This call takes no request body.',
    })
    await expect(send(none, '  ').run()).resolves.toBeUndefined()
  })
})

import type { RouteEntry } from '@app/contracts'
import { beforeAll, describe, expect, it } from 'vitest'
import * as z from 'zod'
import { httpEvent, useUnitEnvironment } from '../handler-testing'
import { callFor, probeRoute } from '../step-testing'

let respond: typeof import('./respond').respond

beforeAll(async () => {
  useUnitEnvironment()
  ;({ respond } = await import('./respond'))
})

function answer(route: RouteEntry, result: unknown) {
  const event = httpEvent('POST /api/probe')
  callFor(route, event, { body: { name: 'Ada' } })
  return respond({ getOpenApi: async () => result })(event)
}

describe('respond step', () => {
  it('answers JSON with the route status, checked against the contract locally', async () => {
    const route = probeRoute({ status: 201, response: z.object({ id: z.string() }) })
    expect(await answer(route, { id: 'x' })).toEqual({
      statusCode: 201,
      headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
      body: '{"id":"x"}',
    })
    await expect(answer(route, { id: 1 })).rejects.toBeInstanceOf(z.ZodError)
    expect((await answer(probeRoute(), undefined)).body).toBe('{}')
  })

  it('answers 204 without a body and 302 with the location the handler chose', async () => {
    expect(await answer(probeRoute({ status: 204 }), undefined)).toEqual({
      statusCode: 204,
      headers: { 'cache-control': 'no-store' },
    })
    expect(await answer(probeRoute({ status: 302 }), { location: 'https://app.example/done' })).toMatchObject(
      {
        statusCode: 302,
        headers: { location: 'https://app.example/done' },
      },
    )
  })

  it('answers a file as a download with a safe name, or 202 with the job writing it', async () => {
    const csv = probeRoute({ produces: 'text/csv' })
    expect(await answer(csv, { filename: 'a b"/c.csv', content: 'x\n' })).toMatchObject({
      statusCode: 200,
      headers: {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': 'attachment; filename="a_b__c.csv"',
      },
      body: 'x\n',
    })
    expect(await answer(csv, { accepted: { id: 'job' } })).toMatchObject({
      statusCode: 202,
      body: '{"id":"job"}',
    })
  })

  it('hands the handler the call and refuses a route without one', async () => {
    const event = httpEvent('POST /api/probe')
    const { call } = callFor(probeRoute(), event, { body: { name: 'Ada' }, query: { page: 1 } })
    let input: unknown
    const handler = async (given: unknown) => {
      input = given
      return {}
    }
    await respond({ getOpenApi: handler })(event)
    expect(input).toMatchObject({ body: { name: 'Ada' }, query: { page: 1 }, log: call.log, event })
    await expect(respond({})(event)).rejects.toMatchObject({ code: 'route.not_found' })
  })
})

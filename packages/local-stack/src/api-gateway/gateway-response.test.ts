import { describe, expect, it } from 'vitest'
import { errorResponse, toGatewayResponse } from './gateway-response'

describe('toGatewayResponse', () => {
  it('takes a result with statusCode as structured', () => {
    const response = toGatewayResponse({
      statusCode: 201,
      headers: { 'Content-Type': 'application/json', 'X-Count': 3 },
      cookies: ['a=1', 'b=2'],
      body: '{"ok":true}',
    })
    expect(response.statusCode).toBe(201)
    expect(response.headers).toEqual({
      'content-type': 'application/json',
      'x-count': '3',
      'set-cookie': ['a=1', 'b=2'],
    })
    expect(response.body.toString()).toBe('{"ok":true}')
  })

  it('decodes a base64 body', () => {
    const response = toGatewayResponse({
      statusCode: 200,
      body: Buffer.from('hi').toString('base64'),
      isBase64Encoded: true,
    })
    expect(response.body.toString()).toBe('hi')
  })

  it('sends anything else as JSON with 200', () => {
    expect(toGatewayResponse({ a: 1 })).toMatchObject({
      statusCode: 200,
      headers: { 'content-type': 'application/json' },
    })
    expect(toGatewayResponse({ a: 1 }).body.toString()).toBe('{"a":1}')
    expect(toGatewayResponse('text').body.toString()).toBe('text')
    expect(toGatewayResponse(undefined).body.toString()).toBe('null')
  })

  it('refuses a statusCode that is not a number', () => {
    expect(toGatewayResponse({ statusCode: 'oops' }).statusCode).toBe(500)
  })
})

describe('errorResponse', () => {
  it('answers in the API error shape', () => {
    const response = errorResponse(404, 'route.not_found', 'No route.', { 'x-extra': '1' })
    expect(response.statusCode).toBe(404)
    expect(response.headers['x-extra']).toBe('1')
    expect(JSON.parse(response.body.toString())).toEqual({
      error: { code: 'route.not_found', message: 'No route.' },
    })
  })
})

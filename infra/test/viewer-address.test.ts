import { VIEWER_ADDRESS_HEADER } from '@app/contracts'
import { expect, test } from 'vitest'
import { viewerAddressFunctionCode } from '../lib/viewer-address'

/** Runs the function's source as CloudFront would, on one viewer request. */
function run(event: unknown) {
  const handler = new Function(`${viewerAddressFunctionCode()}\nreturn handler`)() as (event: unknown) => {
    headers: Record<string, { value: string }>
  }
  return handler(event)
}

test('the API behaviours’ function writes the viewer address, replacing what the client claims', () => {
  const request = run({
    viewer: { ip: '203.0.113.7' },
    request: {
      uri: '/api/signup/form',
      headers: {
        [VIEWER_ADDRESS_HEADER]: { value: '198.51.100.1' },
        'x-forwarded-for': { value: '192.0.2.9' },
      },
    },
  })
  expect(request.headers[VIEWER_ADDRESS_HEADER]).toEqual({ value: '203.0.113.7' })
  expect(request.headers['x-forwarded-for']).toEqual({ value: '192.0.2.9' })
})

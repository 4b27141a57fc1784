import { VIEWER_ADDRESS_HEADER } from '@app/contracts'
import type { APIGatewayProxyEventV2 } from 'aws-lambda'
import { expect, it } from 'vitest'
import { viewerAddress } from './viewer-address'

const event = (headers: Record<string, string>, sourceIp = '54.239.1.10') =>
  ({ headers, requestContext: { http: { sourceIp } } }) as unknown as APIGatewayProxyEventV2

it('takes the address CloudFront wrote (IPv4 or IPv6), not the edge server’s', () => {
  expect(viewerAddress(event({ [VIEWER_ADDRESS_HEADER]: '203.0.113.7' }))).toBe('203.0.113.7')
  expect(viewerAddress(event({ 'X-SES-Studio-Viewer-Address': '2001:db8::1' }))).toBe('2001:db8::1')
})

it('falls back to the source address without it, and never reads X-Forwarded-For', () => {
  expect(viewerAddress(event({ 'x-forwarded-for': '192.0.2.9' }, '198.51.100.4'))).toBe('198.51.100.4')
})

it('ignores a value that is not one IP address (a list, a port, text, a header injection)', () => {
  for (const value of ['203.0.113.7, 192.0.2.1', '203.0.113.7:443', 'localhost', '203.0.113.7\r\nx: y'])
    expect(viewerAddress(event({ [VIEWER_ADDRESS_HEADER]: value }, '198.51.100.4'))).toBe('198.51.100.4')
})

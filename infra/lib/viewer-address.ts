import { VIEWER_ADDRESS_HEADER } from '@app/contracts'

/**
 * The viewer-request CloudFront Function (cloudfront-js-2.0) of the API behaviours: sets
 * `VIEWER_ADDRESS_HEADER` to the address CloudFront received the request from, overwriting any value the client
 * sent, so the API can count per viewer (the public signup's per-IP limit) and record where a change came from.
 */
export const viewerAddressFunctionCode = () =>
  [
    'function handler(event) {',
    '  var request = event.request;',
    `  request.headers['${VIEWER_ADDRESS_HEADER}'] = { value: event.viewer.ip };`,
    '  return request;',
    '}',
  ].join('\n')

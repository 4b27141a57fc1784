import { describe, expect, it } from 'vitest'
import { isOneClickBody } from './one-click'

describe('RFC 8058 one-click body', () => {
  it('accepts the form-encoded body senders post', () => {
    expect(isOneClickBody('List-Unsubscribe=One-Click', 'application/x-www-form-urlencoded')).toBe(true)
    expect(
      isOneClickBody('List-Unsubscribe=One-Click\r\n', 'application/x-www-form-urlencoded; charset=utf-8'),
    ).toBe(true)
    expect(isOneClickBody('a=b&List-Unsubscribe=One-Click', 'application/x-www-form-urlencoded')).toBe(true)
  })

  it('accepts it as multipart/form-data', () => {
    const body = [
      '--XyZ',
      'Content-Disposition: form-data; name="List-Unsubscribe"',
      '',
      'One-Click',
      '--XyZ--',
      '',
    ].join('\r\n')
    expect(isOneClickBody(body, 'multipart/form-data; boundary=XyZ')).toBe(true)
    expect(isOneClickBody(body, 'multipart/form-data; boundary="XyZ"')).toBe(true)
    expect(isOneClickBody(body.replace('One-Click', 'Other'), 'multipart/form-data; boundary=XyZ')).toBe(
      false,
    )
    expect(isOneClickBody(body, 'multipart/form-data')).toBe(false)
  })

  it('refuses anything else', () => {
    expect(isOneClickBody('', 'application/x-www-form-urlencoded')).toBe(false)
    expect(isOneClickBody('List-Unsubscribe=Yes', 'application/x-www-form-urlencoded')).toBe(false)
    expect(isOneClickBody('list-unsubscribe=one-click', 'application/x-www-form-urlencoded')).toBe(false)
    expect(isOneClickBody('List-Unsubscribe=One-Click', 'text/plain')).toBe(false)
  })
})

import { afterEach, describe, expect, it, vi } from 'vitest'
import { createLogger, redact } from './log'

describe('structured logs', () => {
  afterEach(() => vi.restoreAllMocks())

  it('never writes secrets, at any depth', () => {
    expect(
      redact({
        email: 'a@b.co',
        password: 'x',
        nested: { Authorization: 'Bearer t', awsSecretAccessKey: 's' },
      }),
    ).toEqual({
      email: 'a@b.co',
      password: '[redacted]',
      nested: { Authorization: '[redacted]', awsSecretAccessKey: '[redacted]' },
    })
  })

  it('writes one JSON line with the request id', () => {
    const write = vi.spyOn(console, 'log').mockImplementation(() => {})
    createLogger({ requestId: 'r-1' })
      .child({ route: 'getAccount' })
      .info('request', { status: 200, token: 't' })
    const line = JSON.parse(String(write.mock.calls[0]?.[0]))
    expect(line).toMatchObject({
      level: 'info',
      msg: 'request',
      requestId: 'r-1',
      route: 'getAccount',
      status: 200,
    })
    expect(line.token).toBe('[redacted]')
  })

  it('drops lines below the minimum level', () => {
    const write = vi.spyOn(console, 'log').mockImplementation(() => {})
    createLogger({}, 'warn').info('quiet')
    expect(write).not.toHaveBeenCalled()
  })
})

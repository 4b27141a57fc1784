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

  it("cuts an API key's secret out of any text, keeping its key id", () => {
    const key = `ssk_live_01JD3Z0V3Q7W9X2Y4A6B8C0D1E_${'a'.repeat(43)}`
    expect(
      redact({ message: `refused ${key}.`, nested: [key], error: new Error(`bad key ${key}`) }),
    ).toMatchObject({
      message: 'refused ssk_live_01JD3Z0V3Q7W9X2Y4A6B8C0D1E_[redacted].',
      nested: ['ssk_live_01JD3Z0V3Q7W9X2Y4A6B8C0D1E_[redacted]'],
      error: { message: 'bad key ssk_live_01JD3Z0V3Q7W9X2Y4A6B8C0D1E_[redacted]' },
    })
    expect(JSON.stringify(redact({ key }))).not.toContain('a'.repeat(43))
  })

  it('writes one JSON line with the request id', () => {
    const write = vi.spyOn(process.stdout, 'write').mockImplementation(() => true)
    createLogger({ service: 'api', requestId: 'r-1' })
      .child({ route: 'getAccount' })
      .info('request', { status: 200, token: 't' })
    expect(write).toHaveBeenCalledTimes(1)
    const line = JSON.parse(String(write.mock.calls[0]?.[0]))
    expect(line).toMatchObject({
      level: 'info',
      msg: 'request',
      service: 'api',
      requestId: 'r-1',
      route: 'getAccount',
      status: 200,
    })
    expect(new Date(line.time).toISOString()).toBe(line.time)
    expect(line.token).toBe('[redacted]')
  })

  it('writes warnings and errors to stderr, an error with its message and stack, secrets redacted', () => {
    const write = vi.spyOn(process.stderr, 'write').mockImplementation(() => true)
    const parent = createLogger({ service: 'worker' })
    parent
      .child({ jobId: 'j-1' })
      .error('job.failed', { error: new Error('boom'), nested: { password: 'p' } })
    parent.warn('plain')
    const [failed, plain] = write.mock.calls.map(([chunk]) => JSON.parse(String(chunk)))
    expect(failed).toMatchObject({
      level: 'error',
      msg: 'job.failed',
      service: 'worker',
      jobId: 'j-1',
      error: { name: 'Error', message: 'boom' },
      nested: { password: '[redacted]' },
    })
    expect(failed.error.stack).toContain('boom')
    // A child's fields stay its own.
    expect(plain).toMatchObject({ level: 'warn', msg: 'plain' })
    expect(plain.jobId).toBeUndefined()
  })

  it('drops lines below the minimum level', () => {
    const write = vi.spyOn(process.stdout, 'write').mockImplementation(() => true)
    createLogger({}, 'warn').info('quiet')
    expect(write).not.toHaveBeenCalled()
  })
})

import { describe, expect, it } from 'vitest'
import { ApiError, apiErrorFromBody, errorMessage, isRetryable } from './api-error'

describe('apiErrorFromBody', () => {
  it('keeps the API error code and message', () => {
    const error = apiErrorFromBody(404, { error: { code: 'account.not_found', message: 'No account yet.' } })
    expect(error).toMatchObject({ status: 404, code: 'account.not_found', message: 'No account yet.' })
  })

  it('keeps what a conflict or a refused template adds', () => {
    const conflict = apiErrorFromBody(409, {
      error: { code: 'version.conflict', message: 'Stale.', currentVersion: 7 },
    })
    expect(conflict.details).toEqual({ currentVersion: 7 })
    const invalid = apiErrorFromBody(400, {
      error: {
        code: 'template.invalid',
        message: 'Broken.',
        issues: [{ message: 'Unclosed tag', rule: 'handlebars.syntax', part: 'html', line: 3 }, 'junk'],
      },
    })
    expect(invalid.details.issues).toEqual([
      { message: 'Unclosed tag', rule: 'handlebars.syntax', part: 'html', line: 3 },
    ])
    const inUse = apiErrorFromBody(409, {
      error: {
        code: 'block.in_use',
        message: 'Used.',
        templates: [{ id: '01HZX3K5V6W7X8Y9Z0ABCDEFGH', name: 'welcome' }, { id: 3 }],
      },
    })
    expect(inUse.details.templates).toEqual([{ id: '01HZX3K5V6W7X8Y9Z0ABCDEFGH', name: 'welcome' }])
    const twice = apiErrorFromBody(409, {
      error: {
        code: 'aws_account.already_connected',
        message: 'Already connected.',
        awsAccount: { id: '01HZX3K5V6W7X8Y9Z0ABCDEFGH', name: 'Production' },
      },
    })
    expect(twice.details.awsAccount).toEqual({ id: '01HZX3K5V6W7X8Y9Z0ABCDEFGH', name: 'Production' })
    const malformed = { code: 'aws_account.already_connected', message: 'x', awsAccount: { id: 1 } }
    expect(apiErrorFromBody(409, { error: malformed }).details).toEqual({})
    expect(apiErrorFromBody(404, { error: { code: 'x', message: 'y' } }).details).toEqual({})
  })

  it('turns bodies that are not ours into a generic error with the status', () => {
    expect(apiErrorFromBody(502, '<html>Bad gateway</html>')).toMatchObject({
      code: 'internal.error',
      status: 502,
    })
    expect(apiErrorFromBody(401, null)).toMatchObject({ code: 'auth.unauthorized' })
    expect(apiErrorFromBody(429, { message: 'Too Many Requests' })).toMatchObject({ code: 'rate.limited' })
  })
})

describe('isRetryable', () => {
  it('retries network failures, throttling and server faults only', () => {
    expect(isRetryable(new ApiError(0, 'network.unreachable', ''))).toBe(true)
    expect(isRetryable(new ApiError(503, 'internal.error', ''))).toBe(true)
    expect(isRetryable(new ApiError(429, 'rate.limited', ''))).toBe(true)
    expect(isRetryable(new ApiError(400, 'request.invalid', ''))).toBe(false)
    expect(isRetryable(new ApiError(403, 'account.suspended', ''))).toBe(false)
  })
})

describe('errorMessage', () => {
  it('shows API messages but never raw exceptions', () => {
    expect(errorMessage(new ApiError(409, 'x', 'Taken.'))).toBe('Taken.')
    expect(errorMessage(new TypeError('e is undefined'), 'Could not save.')).toBe('Could not save.')
  })
})

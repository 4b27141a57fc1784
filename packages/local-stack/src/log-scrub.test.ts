import { describe, expect, it } from 'vitest'
import { scrubbedLog, scrubLogLine } from './log-scrub'

describe('scrubLogLine', () => {
  it('filters the signature of an address inside an access line and keeps the rest of the line', () => {
    expect(
      scrubLogLine('api GET /api/contacts/unsubscribe?contactId=c1&keyId=k1&signature=s3cr3t 200 12 ms'),
    ).toBe('api GET /api/contacts/unsubscribe?contactId=c1&keyId=k1&signature=[Filtered] 200 12 ms')
  })

  it('scrubs every address of a line, in brackets and quotes too', () => {
    expect(
      scrubLogLine(
        'sns: delivery to <http://h/x?token=t1> failed; "https://s3/b/k?X-Amz-Credential=A/1&X-Amz-Signature=f00"',
      ),
    ).toBe(
      'sns: delivery to <http://h/x?token=[Filtered]> failed; "https://s3/b/k?X-Amz-Credential=[Filtered]&X-Amz-Signature=[Filtered]"',
    )
  })

  it('leaves lines without secrets byte for byte', () => {
    const line = 'api GET /api/contacts?organizationId=o1&limit=50 200 3 ms (a=b)'
    expect(scrubLogLine(line)).toBe(line)
  })

  it('is the sink every part logs through', () => {
    const lines: string[] = []
    scrubbedLog((line) => lines.push(line))('stripe: POST /v1/x?client_secret=cs_1 200')
    expect(lines).toEqual(['stripe: POST /v1/x?client_secret=[Filtered] 200'])
  })
})

import { describe, expect, it } from 'vitest'
import type { ConfigurationSet, SesAccountState } from '../state'
import { bounceDetail, eventRecord, recipientOutcome } from './event-records'

const account = {
  suppressed: {
    'gone@example.com': { emailAddress: 'gone@example.com', reason: 'COMPLAINT', lastUpdateTime: '' },
  },
} as unknown as SesAccountState
const set = (reasons?: string[]) =>
  ({
    name: 'set',
    options: reasons ? { SuppressionOptions: { SuppressedReasons: reasons } } : {},
    eventDestinations: {},
    createdAt: '',
  }) as ConfigurationSet

describe('recipientOutcome', () => {
  it('plays the mailbox simulator, labels included', () => {
    expect(recipientOutcome(account, undefined, 'bounce@simulator.amazonses.com')).toEqual({
      kind: 'bounced',
      subType: 'General',
    })
    expect(recipientOutcome(account, undefined, 'Test <bounce+x@simulator.amazonses.com>')).toMatchObject({
      kind: 'bounced',
    })
    expect(recipientOutcome(account, undefined, 'complaint@simulator.amazonses.com')).toEqual({
      kind: 'delivered',
      complaint: true,
    })
    expect(recipientOutcome(account, undefined, 'ooto@simulator.amazonses.com')).toEqual({
      kind: 'delivered',
      complaint: false,
    })
    expect(recipientOutcome(account, undefined, 'suppressionlist@simulator.amazonses.com')).toEqual({
      kind: 'bounced',
      subType: 'OnAccountSuppressionList',
    })
  })

  it('bounces suppressed addresses unless the configuration set suppresses other reasons', () => {
    expect(recipientOutcome(account, undefined, 'GONE@example.com')).toEqual({
      kind: 'bounced',
      subType: 'OnAccountSuppressionList',
    })
    expect(recipientOutcome(account, set(['BOUNCE']), 'gone@example.com')).toEqual({
      kind: 'delivered',
      complaint: false,
    })
    expect(recipientOutcome(account, set(), 'gone@example.com').kind).toBe('bounced')
  })
})

describe('eventRecord', () => {
  it('names the type and its detail object like SES', () => {
    const mail = { messageId: 'ses-1' }
    expect(eventRecord('RENDERING_FAILURE', mail, { errorMessage: 'x' })).toEqual({
      eventType: 'Rendering Failure',
      failure: { errorMessage: 'x' },
      mail,
    })
    expect(Object.keys(eventRecord('DELIVERY_DELAY', mail, {}))).toEqual([
      'eventType',
      'deliveryDelay',
      'mail',
    ])
    expect(bounceDetail(['a@b.c'], 'General', 0)).toMatchObject({
      bounceType: 'Permanent',
      reportingMTA: expect.stringMatching(/^dsn; /),
    })
  })
})

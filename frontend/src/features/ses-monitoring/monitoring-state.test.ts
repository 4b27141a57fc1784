import type { AwsMonitoring } from '@app/contracts'
import { describe, expect, it } from 'vitest'
import { confirmationPollMs, confirmationRefetchInterval, monitoringPhase } from './monitoring-state'

const pending: AwsMonitoring = {
  state: 'PENDING_CONFIRMATION',
  configurationSetName: 'ses-studio',
  topicArn: 'arn:aws:sns:eu-west-1:123456789012:ses-studio-events',
  eventTypes: ['SEND', 'DELIVERY'],
  enabledAt: '2025-03-05T14:00:00.000Z',
  confirmedAt: null,
}

describe('monitoringPhase', () => {
  it('is off, confirming, then on', () => {
    expect(monitoringPhase({ monitoring: null })).toBe('off')
    expect(monitoringPhase({ monitoring: pending })).toBe('confirming')
    expect(
      monitoringPhase({
        monitoring: { ...pending, state: 'ACTIVE', confirmedAt: '2025-03-05T14:00:03.000Z' },
      }),
    ).toBe('on')
  })
})

describe('confirmation polling', () => {
  const enabledAt = Date.parse(pending.enabledAt)

  it('looks every 3 seconds, then every 15 once it takes more than two minutes', () => {
    expect(confirmationPollMs(0)).toBe(3000)
    expect(confirmationPollMs(119_000)).toBe(3000)
    expect(confirmationPollMs(121_000)).toBe(15_000)
  })

  it('polls only while the connection is waiting for SNS', () => {
    const accounts = [
      { id: 'a', monitoring: pending },
      { id: 'b', monitoring: null },
    ]
    expect(confirmationRefetchInterval(accounts, 'a', enabledAt + 5000)).toBe(3000)
    expect(confirmationRefetchInterval(accounts, 'b', enabledAt)).toBe(false)
    expect(confirmationRefetchInterval(accounts, 'gone', enabledAt)).toBe(false)
    expect(confirmationRefetchInterval(undefined, 'a', enabledAt)).toBe(false)
    expect(
      confirmationRefetchInterval([{ id: 'a', monitoring: { ...pending, state: 'ACTIVE' } }], 'a', enabledAt),
    ).toBe(false)
  })
})

import { describe, expect, it } from 'vitest'
import {
  allowedActions,
  durationText,
  pauseText,
  progressPercent,
  progressText,
  reasonText,
  remainingCount,
  statusLabel,
} from './campaign-display'

const counts = { total: 200, pending: 100, sent: 80, failed: 5, skipped: 10, unknown: 5, unconfirmed: 0 }

describe('campaign progress', () => {
  it('counts settled recipients, and what is left including the ones SES has not answered for', () => {
    expect(remainingCount(counts)).toBe(105)
    expect(progressPercent(counts)).toBe(47)
    expect(progressPercent({ ...counts, total: 0 })).toBe(0)
    expect(progressText(counts)).toBe('80 of 200 sent · 5 failed · 10 skipped')
  })

  it('says how a finished campaign ended', () => {
    expect(statusLabel('SENT', { ...counts, unconfirmed: 3 })).toBe('Sent, 3 unconfirmed')
    expect(statusLabel('SENT', { ...counts, failed: 0 })).toBe('Sent')
    expect(statusLabel('PAUSED', counts)).toBe('Paused')
  })

  it('writes durations people read', () => {
    expect(durationText(30)).toBe('under a minute')
    expect(durationText(60 * 12)).toBe('about 12 minutes')
    expect(durationText(3600 * 2 + 300)).toBe('about 2 hours 5 minutes')
    expect(durationText(3600)).toBe('about 1 hour')
    expect(durationText(3600 * 72)).toBe('about 3 days')
    expect(durationText(Number.POSITIVE_INFINITY)).toBe('unknown')
  })
})

describe('actions by status', () => {
  it('offers only what the state allows', () => {
    expect(allowedActions('SENDING', counts)).toMatchObject({
      pause: true,
      resume: false,
      cancel: true,
      remove: false,
    })
    expect(allowedActions('PAUSED', counts)).toMatchObject({ pause: false, resume: true, retryFailed: true })
    expect(allowedActions('SENT', { failed: 0, unconfirmed: 2 })).toMatchObject({
      retryFailed: false,
      retryUnconfirmed: true,
      cancel: false,
      remove: true,
    })
    expect(allowedActions('DRAFT', undefined)).toMatchObject({ edit: true, pause: false, retryFailed: false })
  })
})

describe('recipient reasons and pauses', () => {
  it('puts codes in words and keeps SES messages', () => {
    expect(reasonText(null)).toBe('—')
    expect(reasonText({ code: 'contact.missing_variable', message: '' })).toBe('Lacks data the template uses')
    expect(reasonText({ code: 'MESSAGE_REJECTED', message: 'Email address is not verified.' })).toBe(
      'Email address is not verified.',
    )
    expect(reasonText({ code: 'some_code', message: '' })).toBe('some code')
  })

  it('says why a campaign is paused, or until when it waits for the quota', () => {
    const date = (iso: string) => iso.slice(0, 10)
    expect(pauseText(null, null, date)).toBeUndefined()
    expect(pauseText(null, '2026-11-26T00:00:00.000Z', date)).toContain('until 2026-11-26')
    const at = '2026-11-25T10:00:00.000Z'
    expect(pauseText({ code: 'paused_by_user', message: 'x', at }, null, date)).toBe(
      'Paused by a member on 2026-11-25.',
    )
    expect(
      pauseText(
        { code: 'account_sending_paused', message: 'Sending is paused for this account.', at },
        null,
        date,
      ),
    ).toBe('Paused on 2026-11-25: Sending is paused for this account.')
  })
})

import { describe, expect, it } from 'vitest'
import { countsText, driftReviewPath, itemText } from './job-display'

describe('job display', () => {
  it('counts what is done and what failed, or what waits to start', () => {
    expect(countsText({ status: 'queued', counts: { total: 3, done: 0, succeeded: 0, failed: 0 } })).toBe(
      '3 items waiting to start',
    )
    expect(countsText({ status: 'running', counts: { total: 20, done: 3, succeeded: 2, failed: 1 } })).toBe(
      '3 of 20 done · 1 failed',
    )
    expect(countsText({ status: 'succeeded', counts: { total: 2, done: 2, succeeded: 2, failed: 0 } })).toBe(
      '2 of 2 done',
    )
  })

  it("says each item's result in the job's own words, a failure by its reason", () => {
    expect(itemText('ses.publish', { key: 'a', label: 'welcome', status: 'succeeded' })).toBe('Published')
    expect(itemText('ses.import', { key: 'a', label: 'welcome', status: 'pending' })).toBe('Waiting')
    expect(
      itemText('ses.import', {
        key: 'a',
        label: 'welcome',
        status: 'failed',
        error: { code: 'template.name_exists', message: 'A template named welcome already exists.' },
      }),
    ).toBe('A template named welcome already exists.')
    expect(
      itemText('ses.delete', {
        key: 'a',
        label: 'welcome',
        status: 'skipped',
        error: { code: 'ses.not_published', message: 'Not in SES.' },
      }),
    ).toBe('Skipped: Not in SES.')
  })

  it('counts skipped items, and links one skipped for a change made in SES to its review in that account', () => {
    expect(countsText({ status: 'succeeded', counts: { total: 3, done: 3, succeeded: 1, failed: 1 } })).toBe(
      '3 of 3 done · 1 failed · 1 skipped',
    )
    const drifted = {
      key: '01J00000000000000000000001',
      label: 'welcome',
      status: 'skipped' as const,
      error: {
        code: 'ses.changed_in_ses',
        message: "Skipped: changed in SES (AWS account 'Prod') since version 1 was published.",
        awsAccountId: '01J0000000000000000000000A',
      },
    }
    expect(itemText('blocks.propagate', drifted)).toBe(drifted.error.message)
    expect(driftReviewPath(drifted, null)).toBe(
      '/app/templates/ses?awsAccount=01J0000000000000000000000A&review=01J00000000000000000000001',
    )
    const { awsAccountId: _account, ...withoutAccount } = drifted.error
    expect(driftReviewPath({ ...drifted, error: withoutAccount }, '01J0000000000000000000000B')).toContain(
      'awsAccount=01J0000000000000000000000B',
    )
    expect(driftReviewPath({ ...drifted, error: withoutAccount }, null)).toBeUndefined()
    expect(driftReviewPath({ ...drifted, status: 'failed' }, '01J0000000000000000000000B')).toBeUndefined()
  })
})

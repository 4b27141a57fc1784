import type { AwsCheckCode } from '@app/contracts'
import { SES_REGIONS } from '@app/contracts'
import { describe, expect, it } from 'vitest'
import {
  awsAccountName,
  awsSelectorState,
  checkGuidance,
  regionLabel,
  selectedAwsAccountOf,
} from './aws-account-display'

function account(
  id: string,
  overrides: Partial<{
    awsAccountVerified: boolean
    awsAccessKeyId: string | null
    roleArn: string | null
  }> = {},
) {
  return { id, awsAccountVerified: true, awsAccessKeyId: null, roleArn: null, ...overrides }
}

describe('awsAccountName', () => {
  it("shows 'Default' for an empty name (spec §3)", () => {
    expect(awsAccountName({ name: '' })).toBe('Default')
    expect(awsAccountName({ name: '  ' })).toBe('Default')
    expect(awsAccountName({ name: 'Production' })).toBe('Production')
  })
})

describe('selectedAwsAccountOf', () => {
  const accounts = [account('a'), account('b')]

  it('is the selected account when it is in the list', () => {
    expect(selectedAwsAccountOf(accounts, 'b')?.id).toBe('b')
  })

  it('falls back to the first account when the selection is missing or unknown', () => {
    expect(selectedAwsAccountOf(accounts, null)?.id).toBe('a')
    expect(selectedAwsAccountOf(accounts, 'gone')?.id).toBe('a')
  })

  it('is nothing without accounts', () => {
    expect(selectedAwsAccountOf([], 'a')).toBeUndefined()
  })
})

describe('awsSelectorState (spec §4)', () => {
  it("offers 'Add AWS Account' without any account", () => {
    expect(awsSelectorState([], null)).toEqual({ kind: 'none' })
  })

  it("replaces the menu for one unverified account with keys: 'Finish AWS configuration'", () => {
    const only = account('a', { awsAccountVerified: false, awsAccessKeyId: 'AKIAEXAMPLE' })
    expect(awsSelectorState([only], null)).toEqual({
      kind: 'finish',
      label: 'Finish AWS configuration',
      account: only,
    })
  })

  it("says 'Add AWS credentials' for one unverified account without an access key id or role ARN", () => {
    const only = account('a', { awsAccountVerified: false })
    expect(awsSelectorState([only], 'a')).toMatchObject({ kind: 'finish', label: 'Add AWS credentials' })
  })

  it('counts a pasted role ARN as credentials', () => {
    const only = account('a', { awsAccountVerified: false, roleArn: 'arn:aws:iam::123456789012:role/x' })
    expect(awsSelectorState([only], 'a')).toMatchObject({ label: 'Finish AWS configuration' })
  })

  it('shows the menu for one verified account', () => {
    const only = account('a')
    expect(awsSelectorState([only], null)).toEqual({ kind: 'menu', accounts: [only], selected: only })
  })

  it('shows the menu when there are several accounts, verified or not, with the selected one', () => {
    const accounts = [
      account('a', { awsAccountVerified: false }),
      account('b', { awsAccountVerified: false }),
    ]
    expect(awsSelectorState(accounts, 'b')).toMatchObject({ kind: 'menu', selected: { id: 'b' } })
    expect(awsSelectorState(accounts, 'missing')).toMatchObject({ kind: 'menu', selected: { id: 'a' } })
  })
})

describe('checkGuidance', () => {
  it('has steps for each known failure', () => {
    for (const code of [
      'keys_invalid',
      'secret_mismatch',
      'permission_missing',
      'role_not_assumable',
      'role_invalid',
      'role_missing',
      'throttled',
    ]) {
      const guidance = checkGuidance({ code: code as AwsCheckCode }, 'keys')
      expect(guidance.steps.length, code).toBeGreaterThan(0)
      expect(guidance.fallback, code).not.toBe(
        checkGuidance({ code: 'something_else' as AwsCheckCode }, 'keys').fallback,
      )
    }
  })

  it('points role connections at the stack and key connections at the IAM user for a missing permission', () => {
    expect(checkGuidance({ code: 'permission_missing' }, 'role').steps[0]).toMatch(/CloudFormation stack/)
    expect(checkGuidance({ code: 'permission_missing' }, 'keys').steps[0]).toMatch(/IAM user/)
  })

  it('asks a role connection that was never checked for its role ARN', () => {
    expect(checkGuidance(null, 'role').steps[0]).toMatch(/paste the RoleArn/)
  })

  it('gives general advice for unknown codes', () => {
    expect(checkGuidance({ code: 'new_code' as AwsCheckCode }, 'keys').steps.join(' ')).toMatch(/region/)
  })
})

describe('regionLabel', () => {
  it('names every SES region as the console does', () => {
    expect(regionLabel('eu-west-1')).toBe('eu-west-1 — Europe (Ireland)')
    for (const region of SES_REGIONS) expect(regionLabel(region)).not.toMatch(/undefined/)
  })
})

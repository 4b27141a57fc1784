import type { Account, OrganizationSummary } from '@app/contracts'
import { describe, expect, it } from 'vitest'
import { accountCan, applyAccountUpdate, selectedOrganizationOf } from './account-state'

function organization(id: string, overrides: Partial<OrganizationSummary> = {}): OrganizationSummary {
  return {
    id,
    name: '',
    plan: null,
    subscriptionStatus: null,
    availableActions: null,
    priceChangeNotice: null,
    role: 'OWNER',
    ...overrides,
  }
}

const ORG_A = '01JAAAAAAAAAAAAAAAAAAAAAAA'
const ORG_B = '01JBBBBBBBBBBBBBBBBBBBBBBB'
const AWS = '01JCCCCCCCCCCCCCCCCCCCCCCC'

function account(overrides: Partial<Account> = {}): Account {
  return {
    id: '6f1c2a6e-8b1b-4b35-9a34-1f0c0e3b2a11',
    email: 'ada@example.com',
    emailVerified: false,
    picture: null,
    organizations: [organization(ORG_A), organization(ORG_B)],
    selectedOrganization: ORG_A,
    selectedAwsAccount: AWS,
    lastProductUpdateAt: null,
    hasAccessToPlatform: true,
    ...overrides,
  }
}

describe('selectedOrganizationOf', () => {
  it('returns the selected organization', () => {
    expect(selectedOrganizationOf(account({ selectedOrganization: ORG_B }))?.id).toBe(ORG_B)
  })

  it('treats a single organization as selected', () => {
    expect(
      selectedOrganizationOf(account({ organizations: [organization(ORG_B)], selectedOrganization: null }))
        ?.id,
    ).toBe(ORG_B)
  })

  it('returns nothing when several exist and none is selected', () => {
    expect(selectedOrganizationOf(account({ selectedOrganization: null }))).toBeUndefined()
  })
})

describe('applyAccountUpdate', () => {
  it('selecting another organization clears the selected AWS account', () => {
    const next = applyAccountUpdate(account(), { selectedOrganization: ORG_B })
    expect(next.selectedOrganization).toBe(ORG_B)
    expect(next.selectedAwsAccount).toBeNull()
  })

  it('selecting the same organization changes nothing', () => {
    expect(applyAccountUpdate(account(), { selectedOrganization: ORG_A }).selectedAwsAccount).toBe(AWS)
  })

  it('applies name and picture without touching the rest', () => {
    const before = account()
    const next = applyAccountUpdate(before, { name: '  Ada Lovelace ', picture: null })
    expect(next).toEqual({ ...before, name: 'Ada Lovelace', picture: null })
    expect(before.name).toBeUndefined()
  })
})

describe('accountCan', () => {
  const roles = account({
    organizations: [organization(ORG_A, { role: 'MEMBER' }), organization(ORG_B, { role: 'ADMIN' })],
  })

  it("asks contracts' rule with the role in the selected organization", () => {
    expect(accountCan(roles, 'content.write')).toBe(true)
    expect(accountCan(roles, 'billing.manage')).toBe(false)
    expect(accountCan({ ...roles, selectedOrganization: ORG_B }, 'billing.manage')).toBe(true)
  })

  it('uses the role in the organization named, selected or not', () => {
    expect(accountCan(roles, 'aws_accounts.manage', ORG_B)).toBe(true)
    expect(accountCan(roles, 'organization.delete', ORG_B)).toBe(false)
    expect(accountCan(account({ organizations: [organization(ORG_A)] }), 'organization.delete', ORG_A)).toBe(
      true,
    )
  })

  it('allows nothing before the account loads, without a selection, or outside the organization', () => {
    expect(accountCan(undefined, 'organization.read')).toBe(false)
    expect(accountCan({ ...roles, selectedOrganization: null }, 'organization.read')).toBe(false)
    expect(accountCan(roles, 'organization.read', '01JZZZZZZZZZZZZZZZZZZZZZZZ')).toBe(false)
  })
})

import { describe, expect, it } from 'vitest'
import {
  organizationName,
  organizationNameProblem,
  planBadge,
  suggestedOrganizationName,
} from './organization-display'

describe('organizationName', () => {
  it("shows 'New Organization' until the organization is named", () => {
    expect(organizationName({ name: '' })).toBe('New Organization')
    expect(organizationName({ name: '   ' })).toBe('New Organization')
    expect(organizationName({ name: 'Acme' })).toBe('Acme')
  })
})

describe('planBadge', () => {
  it.each([
    ['TEAM_MONTHLY', 'Team', 'blue'],
    ['TEAM_YEARLY', 'Team', 'blue'],
    ['TEAM_PLUS_MONTHLY', 'Team Plus', 'purple'],
    ['TEAM_PLUS_YEARLY', 'Team Plus', 'purple'],
    ['SOLO_MONTHLY', 'Solo', 'orange'],
    ['SOLO_YEARLY', 'Solo', 'orange'],
    ['START', 'Start', 'yellow'],
  ] as const)('%s is a %s badge in %s', (plan, label, color) => {
    expect(planBadge(plan)).toEqual({ label, color })
  })

  it('has no badge without a plan', () => {
    expect(planBadge(null)).toBeUndefined()
  })
})

describe('suggestedOrganizationName', () => {
  it("offers a work address's company, else the person's first name", () => {
    expect(suggestedOrganizationName('jane@acme-books.io')).toBe('Acme-books')
    expect(suggestedOrganizationName('Jane.Doe@gmail.com')).toBe('Jane')
    expect(suggestedOrganizationName('ops+news@example.com')).toBe('Ops')
    expect(suggestedOrganizationName('')).toBe('')
  })
})

describe('organizationNameProblem', () => {
  it('refuses an empty, too long or control-character name, accepts a plain one', () => {
    expect(organizationNameProblem('  ')).toBe('Give the organization a name.')
    expect(organizationNameProblem('x'.repeat(121))).toBe('Name is at most 120 characters.')
    expect(organizationNameProblem('Acme\u0007Books')).toMatch(/control characters/)
    expect(organizationNameProblem('Acme\u202EBooks')).toMatch(/direction overrides/)
    expect(organizationNameProblem('Acme Books')).toBeUndefined()
  })
})

import type { InvitationView, TeamMember } from '@app/contracts'
import { describe, expect, it } from 'vitest'
import {
  canRemoveMember,
  canTransferTo,
  emailListProblem,
  invitationActions,
  joinState,
  parseEmailList,
  roleChoices,
  seatState,
  seatText,
  withAddress,
} from './team-display'

const member = (role: TeamMember['role']): TeamMember => ({
  accountId: `acc-${role}`,
  email: `${role.toLowerCase()}@example.com`,
  name: null,
  picture: null,
  role,
  joinedAt: '2026-11-01T10:00:00.000Z',
})

describe('what the team page offers each role', () => {
  it('lets owners give any role, admins only admin and member, and no one touch an owner but an owner', () => {
    expect(roleChoices('OWNER', member('MEMBER'))).toEqual(['OWNER', 'ADMIN', 'MEMBER'])
    expect(roleChoices('OWNER', member('OWNER'))).toEqual(['OWNER', 'ADMIN', 'MEMBER'])
    expect(roleChoices('ADMIN', member('MEMBER'))).toEqual(['ADMIN', 'MEMBER'])
    expect(roleChoices('ADMIN', member('OWNER'))).toEqual([])
    expect(roleChoices('MEMBER', member('MEMBER'))).toEqual([])
  })

  it('offers removal to owners and admins, never of oneself, and of owners only to owners', () => {
    expect(canRemoveMember('OWNER', member('OWNER'), false)).toBe(true)
    expect(canRemoveMember('ADMIN', member('OWNER'), false)).toBe(false)
    expect(canRemoveMember('ADMIN', member('ADMIN'), false)).toBe(true)
    expect(canRemoveMember('ADMIN', member('MEMBER'), true)).toBe(false)
    expect(canRemoveMember('MEMBER', member('MEMBER'), false)).toBe(false)
  })

  it('offers the transfer only to an owner, towards someone else who is not an owner', () => {
    expect(canTransferTo('OWNER', member('ADMIN'), false)).toBe(true)
    expect(canTransferTo('OWNER', member('OWNER'), false)).toBe(false)
    expect(canTransferTo('OWNER', member('MEMBER'), true)).toBe(false)
    expect(canTransferTo('ADMIN', member('MEMBER'), false)).toBe(false)
  })
})

describe('invitations and seats', () => {
  it('resends pending and expired invitations and revokes pending ones only', () => {
    expect(invitationActions('pending')).toEqual({ resend: true, revoke: true })
    expect(invitationActions('expired')).toEqual({ resend: true, revoke: false })
    for (const state of ['accepted', 'declined', 'revoked'] as const)
      expect(invitationActions(state)).toEqual({ resend: false, revoke: false })
  })

  it('names a member with their address, or by the address alone', () => {
    expect(withAddress({ name: 'Ada', email: 'ada@example.com' })).toBe('Ada (ada@example.com)')
    expect(withAddress({ name: null, email: 'ada@example.com' })).toBe('ada@example.com')
  })

  it('counts seats in words and tells full from over the limit', () => {
    expect(seatText({ used: 3, limit: 5 }, 'member')).toBe('3 of 5 members')
    expect(seatText({ used: 1, limit: 1 }, 'AWS account')).toBe('1 of 1 AWS account')
    expect(seatText({ used: 2, limit: 3 }, 'AWS account')).toBe('2 of 3 AWS accounts')
    expect(seatState({ used: 3, limit: 5 })).toBe('free')
    expect(seatState({ used: 5, limit: 5 })).toBe('full')
    expect(seatState({ used: 6, limit: 5 })).toBe('over')
  })

  it('reads the typed addresses once each, lower-cased, and names the ones that are not addresses', () => {
    const list = parseEmailList(' Ada@Example.com, bob@example.com;ada@example.com\nnot-an-address  ')
    expect(list).toEqual({ emails: ['ada@example.com', 'bob@example.com'], invalid: ['not-an-address'] })
    expect(emailListProblem(list)).toBe('This is not an email address: not-an-address')
    expect(emailListProblem(parseEmailList('  '))).toBe('Enter at least one email address.')
    const many = Array.from({ length: 21 }, (_, index) => `p${index}@example.com`).join(' ')
    expect(emailListProblem(parseEmailList(many))).toBe('At most 20 addresses at once.')
    expect(emailListProblem(parseEmailList('ada@example.com'))).toBeUndefined()
  })
})

describe('the /join page', () => {
  const view: InvitationView = {
    id: '01JBQZ8X7Y3K4M5N6P7Q8R9S0T',
    organization: { id: '01JBQZ8X7Y3K4M5N6P7Q8R9S0V', name: 'Acme' },
    invitedBy: { email: 'owner@example.com', name: 'Olive' },
    email: 'Ada@Example.com',
    role: 'MEMBER',
    state: 'pending',
    expiresAt: '2026-12-01T00:00:00.000Z',
    alreadyMember: false,
  }
  const ada = { email: 'ada@example.com', emailVerified: true }

  it('offers Accept only to the verified invited address, and says why otherwise', () => {
    expect(joinState(view, ada)).toBe('open')
    expect(joinState(view, { ...ada, emailVerified: false })).toBe('unverified')
    expect(joinState(view, { email: 'eve@example.com', emailVerified: true })).toBe('wrong_account')
  })

  it('gives each ended invitation and an existing member their own page', () => {
    for (const state of ['expired', 'revoked', 'declined', 'accepted'] as const)
      expect(joinState({ ...view, state }, ada)).toBe(state)
    expect(joinState({ ...view, alreadyMember: true, state: 'accepted' }, ada)).toBe('already_member')
  })
})

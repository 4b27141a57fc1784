import type { Contact } from '@app/contracts'
import { describe, expect, it } from 'vitest'
import {
  changedPreferences,
  contactDraftProblems,
  draftAttributes,
  draftFromContact,
  EMPTY_DRAFT,
  newPreferences,
} from './contact-draft'

const NEWS = '01JC0000000000000000000001'
const DIGEST = '01JC0000000000000000000002'
const EVENTS = '01JC0000000000000000000003'

const contact: Contact = {
  id: '01JC0000000000000000000009',
  organizationId: '01JC0000000000000000000008',
  email: 'ana@example.com',
  firstName: 'Ana',
  lastName: null,
  attributes: { company: 'Acme' },
  topicPreferences: [
    { topicId: NEWS, status: 'OPT_IN' },
    { topicId: DIGEST, status: 'PENDING' },
  ],
  unsubscribeAll: false,
  suppressed: null,
  source: { kind: 'manual' },
  version: 3,
  createdAt: '2026-11-25T08:00:00.000Z',
  updatedAt: '2026-11-25T08:00:00.000Z',
}

describe('contact drafts', () => {
  it('starts an edit from the contact', () => {
    const draft = draftFromContact(contact)
    expect(draft.firstName).toBe('Ana')
    expect(draft.lastName).toBe('')
    expect(draftAttributes(draft)).toEqual({ company: 'Acme' })
    expect(draft.preferences).toEqual({ [NEWS]: 'OPT_IN', [DIGEST]: 'PENDING' })
  })

  it('checks the email, names and attribute names before sending', () => {
    expect(contactDraftProblems({ ...EMPTY_DRAFT, email: 'nope' }, { withEmail: true }).email).toMatch(
      /whole email/,
    )
    expect(contactDraftProblems({ ...EMPTY_DRAFT, email: 'nope' }, { withEmail: false })).toEqual({})
    const problems = contactDraftProblems(
      {
        ...EMPTY_DRAFT,
        email: 'ana@example.com',
        attributes: [
          { key: 'a', name: 'plan', value: 'pro' },
          { key: 'b', name: 'plan', value: 'free' },
          { key: 'c', name: '1st', value: 'x' },
          { key: 'd', name: '', value: '' },
        ],
      },
      { withEmail: true },
    )
    expect(problems.email).toBeUndefined()
    expect(Object.keys(problems.attributes ?? {})).toEqual(['1', '2'])
  })

  it('sends a new contact only the topics given a choice', () => {
    const draft = { ...EMPTY_DRAFT, preferences: { [NEWS]: 'OPT_IN', [DIGEST]: 'DEFAULT' } as const }
    expect(newPreferences(draft, [NEWS, DIGEST, EVENTS])).toEqual([{ topicId: NEWS, status: 'OPT_IN' }])
  })

  it('sends an edit only the changed topics; back to the default is null; pending stays as it is', () => {
    const initial = draftFromContact(contact)
    const draft = {
      ...initial,
      preferences: { [NEWS]: 'DEFAULT', [DIGEST]: 'PENDING', [EVENTS]: 'OPT_OUT' } as const,
    }
    expect(changedPreferences(initial, draft, [NEWS, DIGEST, EVENTS])).toEqual([
      { topicId: NEWS, status: null },
      { topicId: EVENTS, status: 'OPT_OUT' },
    ])
  })
})

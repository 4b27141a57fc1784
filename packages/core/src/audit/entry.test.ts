import { AUDIT_ACTIONS, EVENT_TYPES } from '@app/contracts'
import { describe, expect, it } from 'vitest'
import { newEvent } from '../events/outbox'
import { AUDITED_TYPES, auditActorOf, auditRecordOf } from './entry'

const ORG = 'org-1'
const owner = { type: 'user', accountId: 'acc-1', email: 'owner@example.com' } as const

describe('audit entries', () => {
  it('records a template saved by an import from SES as ses.imported, a plain save as template.saved', () => {
    const imported = newEvent(
      'template.saved',
      ORG,
      { templateId: 'T1', name: 'Welcome', version: 1, action: 'import' },
      owner,
    )
    expect(auditRecordOf(imported)).toEqual({
      id: imported.id,
      organizationId: ORG,
      occurredAt: imported.occurredAt,
      actor: { type: 'user', id: 'acc-1', name: 'owner@example.com' },
      action: 'ses.imported',
      target: { type: 'template', id: 'T1', label: 'Welcome' },
      change: { before: null, after: 'version 1', summary: null },
    })
    const saved = newEvent(
      'template.saved',
      ORG,
      { templateId: 'T1', name: 'W', version: 3, action: 'save' },
      owner,
    )
    expect(auditRecordOf(saved)?.action).toBe('template.saved')
  })

  it('keeps a role change and a plan change as before and after', () => {
    const role = newEvent(
      'member.role_changed',
      ORG,
      { accountId: 'acc-2', email: 'ann@example.com', from: 'MEMBER', to: 'ADMIN' },
      owner,
    )
    expect(auditRecordOf(role)).toMatchObject({
      action: 'member.role_changed',
      target: { type: 'member', id: 'acc-2', label: 'ann@example.com' },
      change: { before: 'MEMBER', after: 'ADMIN' },
    })
    const plan = newEvent(
      'plan.changed',
      ORG,
      { from: 'SOLO_MONTHLY', to: 'TEAM_MONTHLY', status: 'active' },
      owner,
    )
    expect(auditRecordOf(plan)?.change).toEqual({
      before: 'Solo (monthly)',
      after: 'Team (monthly)',
      summary: 'subscription active',
    })
  })

  it("sums an import's counts up, and tells a rotation from a new key", () => {
    const imported = newEvent(
      'contacts.imported',
      ORG,
      {
        importId: 'I1',
        fileName: 'people.csv',
        status: 'succeeded',
        counts: { rows: 3, created: 2, updated: 0, unchanged: 0, invalid: 1, suppressed: 0 },
        error: null,
      },
      owner,
    )
    expect(auditRecordOf(imported)?.change.summary).toBe(
      '3 rows: 2 created, 0 updated, 0 unchanged, 1 invalid, 0 suppressed',
    )
    const rotated = newEvent(
      'api_key.created',
      ORG,
      { keyId: 'K1', name: 'CI', scopes: ['contacts:read'], rotatedFrom: 'K1' },
      owner,
    )
    expect(auditRecordOf(rotated)).toMatchObject({ action: 'api_key.rotated', target: { label: 'CI' } })
  })

  it('records only audited types of an organization, each with a labelled action', () => {
    for (const skipped of ['message.delivered', 'contact.subscribed', 'campaign.scheduled', 'job.finished'])
      expect(AUDITED_TYPES).not.toContain(skipped)
    expect(AUDITED_TYPES.every((type) => EVENT_TYPES.includes(type))).toBe(true)
    const topic = newEvent('topic.created', null, { topicId: 'P1', name: 'News' }, owner)
    expect(auditRecordOf(topic)).toBeUndefined()
    const finished = newEvent(
      'job.finished',
      ORG,
      {
        jobId: 'J',
        kind: 'x',
        status: 'succeeded',
        counts: { total: 0, done: 0, succeeded: 0, failed: 0 },
        createdBy: null,
      },
      owner,
    )
    expect(auditRecordOf(finished)).toBeUndefined()
    const codes = Object.keys(AUDIT_ACTIONS)
    const deleted = newEvent(
      'aws_account.deleted',
      ORG,
      { awsAccountId: 'A', awsAccountNumber: null, region: 'eu-west-1' },
      owner,
    )
    expect(codes).toContain(auditRecordOf(deleted)?.action)
  })

  it('names an API key by its name, the platform as System, never a secret', () => {
    expect(auditActorOf({ type: 'apiKey', keyId: 'K1' }, 'Deploys')).toEqual({
      type: 'apiKey',
      id: 'K1',
      name: 'Deploys',
    })
    expect(auditActorOf({ type: 'apiKey', keyId: 'K1' })).toEqual({
      type: 'apiKey',
      id: 'K1',
      name: 'API key K1',
    })
    expect(auditActorOf({ type: 'system', name: 'scheduler' })).toEqual({
      type: 'system',
      id: null,
      name: 'System',
    })
  })
})

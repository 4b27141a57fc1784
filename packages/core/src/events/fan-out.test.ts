import { QUEUES } from '@app/contracts'
import { describe, expect, it } from 'vitest'
import { AUDITED_TYPES } from '../audit/public'
import { SUBSCRIBER_QUEUES, SUBSCRIBER_ROUTES } from '../event-subscribers'
import { fanOut, on } from './dispatch'
import { newEvent } from './outbox'

const ACTOR = { type: 'system', name: 'test' } as const
const noop = async () => {}

describe('fan-out by type', () => {
  const billing = on('organization.deleted', 'test.billing', noop)
  const mail = on('campaign.paused', 'test.mail', noop)
  const monitoring = on('organization.deleted', 'test.monitoring', noop)
  const purge = on('organization.deleted', 'test.purge', noop, { after: ['test.monitoring'] })
  const count = on('contact.unsubscribed_from_campaign', 'test.count', noop)
  const routes = {
    inline: [count],
    queues: [
      { name: 'billing', url: () => 'b', subscribers: [billing] },
      { name: 'mail', url: () => 'm', subscribers: [mail] },
      { name: 'monitoring', url: () => 'o', subscribers: [monitoring, purge] },
    ],
  }

  it('sends an event only to the queues of the subscribers that take its type, and not those running after another', () => {
    const deleted = fanOut(
      newEvent('organization.deleted', 'org-1', { stripeCustomerId: null, deletedBy: null }, ACTOR),
      routes,
    )
    expect(deleted.inline).toEqual([])
    expect(deleted.queued.map(({ queue, subscriber }) => [queue.name, subscriber])).toEqual([
      ['billing', 'test.billing'],
      ['monitoring', 'test.monitoring'],
    ])

    const paused = fanOut(
      newEvent(
        'campaign.paused',
        'org-1',
        { campaignId: 'c', reason: { code: 'x', message: '', at: new Date().toISOString() } },
        ACTOR,
      ),
      routes,
    )
    expect(paused.queued.map(({ subscriber }) => subscriber)).toEqual(['test.mail'])

    const unsubscribed = fanOut(
      newEvent(
        'contact.unsubscribed_from_campaign',
        'org-1',
        { contactId: 'k', campaignId: 'c', at: new Date().toISOString() },
        ACTOR,
      ),
      routes,
    )
    expect(unsubscribed).toEqual({ inline: [count], queued: [] })
    expect(fanOut(newEvent('account.deleted', null, { accountId: 'a' }, ACTOR), routes)).toEqual({
      inline: [],
      queued: [],
    })
  })

  it('routes the product’s subscribers: outside I/O on queues of their own, names unique, `after` beside its predecessors', () => {
    for (const queue of Object.values(SUBSCRIBER_QUEUES)) expect(QUEUES).toHaveProperty(queue.name)
    const groups = [SUBSCRIBER_ROUTES.inline, ...SUBSCRIBER_ROUTES.queues.map((queue) => queue.subscribers)]
    const names = groups.flat().map((subscriber) => subscriber.name)
    expect(new Set(names).size).toBe(names.length)
    for (const group of groups)
      for (const subscriber of group)
        for (const predecessor of subscriber.after ?? [])
          expect(
            group.map((other) => other.name),
            subscriber.name,
          ).toContain(predecessor)
    expect(SUBSCRIBER_QUEUES.billingEvents.subscribers.map((s) => s.name)).toEqual([
      'billing.cancel_subscriptions',
    ])
    expect(SUBSCRIBER_QUEUES.sesMonitoringEvents.subscribers.map((s) => s.name)).toEqual([
      'ses_monitoring.remove_from_accounts',
      'purge.organization',
    ])
    expect(SUBSCRIBER_QUEUES.campaignPausedMail.subscribers.map((s) => s.name)).toEqual([
      'campaigns.mail_owners_paused',
    ])
    expect(SUBSCRIBER_ROUTES.inline.map((s) => s.name).sort()).toEqual(
      [
        'campaign_reports.count_unsubscribe',
        'campaigns.delete_schedule',
        'campaigns.put_schedule',
        'purge.aws_account',
        // The audit log: one table-only writer per audited type.
        ...AUDITED_TYPES.map((type) => `audit.record:${type}`),
      ].sort(),
    )
  })
})

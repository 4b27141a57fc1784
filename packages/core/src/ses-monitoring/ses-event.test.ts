import { describe, expect, it } from 'vitest'
import { bareAddress, campaignTags, parseSesEvent } from './ses-event'

const mail = {
  timestamp: '2026-11-22T10:15:30.123Z',
  messageId: '0100018c-aaaa-bbbb',
  source: 'Team <team@example.com>',
  destination: ['Ada@Example.com'],
  commonHeaders: { subject: 'Welcome' },
  tags: { 'ses:configuration-set': ['ses-studio-x'], template: ['welcome_v2'] },
}

describe('reading SES events', () => {
  it('reads a send: when, who, what, and the template tag', () => {
    expect(parseSesEvent(JSON.stringify({ eventType: 'Send', mail, send: {} }))).toEqual({
      type: 'SEND',
      messageId: '0100018c-aaaa-bbbb',
      sentAt: '2026-11-22T10:15:30.123Z',
      at: '2026-11-22T10:15:30.123Z',
      from: 'Team <team@example.com>',
      recipients: ['ada@example.com'],
      subject: 'Welcome',
      template: 'welcome_v2',
      detail: null,
      transactional: false,
    })
    const transactional = { ...mail, tags: { 'ses-studio': ['transactional'], template: ['t1'] } }
    expect(parseSesEvent(JSON.stringify({ eventType: 'Send', mail: transactional }))?.transactional).toBe(
      true,
    )
  })

  it('takes each type’s own time and detail', () => {
    const bounce = parseSesEvent(
      JSON.stringify({
        eventType: 'Bounce',
        mail,
        bounce: {
          bounceType: 'Permanent',
          bounceSubType: 'General',
          timestamp: '2026-11-22T10:16:00.000Z',
          bouncedRecipients: [
            { emailAddress: 'ada@example.com', diagnosticCode: 'smtp; 550 5.1.1 user unknown' },
          ],
        },
      }),
    )
    expect(bounce).toMatchObject({
      type: 'BOUNCE',
      at: '2026-11-22T10:16:00.000Z',
      detail: 'Permanent / General — ada@example.com: smtp; 550 5.1.1 user unknown',
      feedback: { kind: 'permanent_bounce', recipients: ['ada@example.com'] },
    })
    const click = parseSesEvent(
      JSON.stringify({
        eventType: 'Click',
        mail,
        click: { timestamp: '2026-11-22T11:00:00Z', link: 'https://example.com/a' },
      }),
    )
    expect(click).toMatchObject({
      type: 'CLICK',
      at: '2026-11-22T11:00:00.000Z',
      detail: 'https://example.com/a',
    })
    const failure = parseSesEvent(
      JSON.stringify({
        eventType: 'Rendering Failure',
        mail,
        failure: { templateName: 'welcome', errorMessage: 'Attribute name is missing' },
      }),
    )
    expect(failure).toMatchObject({ type: 'RENDERING_FAILURE', detail: 'Attribute name is missing' })
    expect(
      parseSesEvent(
        JSON.stringify({ eventType: 'DeliveryDelay', mail, deliveryDelay: { delayType: 'MailboxFull' } }),
      ),
    ).toMatchObject({ type: 'DELIVERY_DELAY', detail: 'MailboxFull' })
  })

  it('ignores what the log does not track and what is not an SES event', () => {
    expect(parseSesEvent(JSON.stringify({ eventType: 'Subscription', mail }))).toBeNull()
    expect(parseSesEvent(JSON.stringify({ eventType: 'Send', mail: { messageId: 'x' } }))).toBeNull()
    expect(parseSesEvent('not json')).toBeNull()
  })

  it('clips long details', () => {
    const event = parseSesEvent(
      JSON.stringify({ eventType: 'Reject', mail, reject: { reason: 'x'.repeat(2000) } }),
    )
    expect(event?.detail).toHaveLength(500)
  })

  it('reduces addresses to their bare lower-case form', () => {
    expect(bareAddress('Ada <Ada@Example.COM>')).toBe('ada@example.com')
    expect(bareAddress(' b@c.io ')).toBe('b@c.io')
  })

  it('says which recipients a bounce, complaint or delivery is about and how', () => {
    const of = (body: Record<string, unknown>) => parseSesEvent(JSON.stringify({ mail, ...body }))?.feedback
    expect(
      of({
        eventType: 'Bounce',
        bounce: { bounceType: 'Transient', bouncedRecipients: [{ emailAddress: 'Ada <ADA@example.com>' }] },
      }),
    ).toEqual({ kind: 'transient_bounce', recipients: ['ada@example.com'] })
    expect(of({ eventType: 'Bounce', bounce: { bounceType: 'Undetermined' } })).toEqual({
      kind: 'transient_bounce',
      recipients: [],
    })
    expect(
      of({
        eventType: 'Complaint',
        complaint: { complainedRecipients: [{ emailAddress: 'bob@example.com' }] },
      }),
    ).toEqual({ kind: 'complaint', recipients: ['bob@example.com'], complaintType: null })
    expect(
      of({
        eventType: 'Complaint',
        complaint: { complaintFeedbackType: 'abuse', complainedRecipients: [{ emailAddress: 'b@x.com' }] },
      }),
    ).toEqual({ kind: 'complaint', recipients: ['b@x.com'], complaintType: 'abuse' })
    expect(of({ eventType: 'Delivery', delivery: { recipients: ['Cy@Example.com'] } })).toEqual({
      kind: 'delivery',
      recipients: ['cy@example.com'],
    })
    expect(of({ eventType: 'Open', open: {} })).toBeUndefined()
  })

  it('reads the campaign and contact a message was sent for from its tags', () => {
    const tagged = {
      ...mail,
      tags: {
        ...mail.tags,
        campaign: ['01JCAMPAIGN0000000000000000'],
        contact: ['01JCONTACT00000000000000000'],
      },
    }
    for (const eventType of ['Send', 'Rendering Failure'])
      expect(parseSesEvent(JSON.stringify({ eventType, mail: tagged }))?.campaign).toEqual({
        campaignId: '01JCAMPAIGN0000000000000000',
        contactId: '01JCONTACT00000000000000000',
      })
    expect(parseSesEvent(JSON.stringify({ eventType: 'Send', mail }))).not.toHaveProperty('campaign')
  })

  it('takes no campaign from tags that are missing, repeated or not what the engine writes', () => {
    expect(campaignTags(undefined)).toBeUndefined()
    expect(campaignTags({ campaign: ['c1'] })).toBeUndefined()
    expect(campaignTags({ contact: ['k1'] })).toBeUndefined()
    expect(campaignTags({ campaign: ['c1', 'c2'], contact: ['k1'] })).toBeUndefined()
    expect(campaignTags({ campaign: [''], contact: ['k1'] })).toBeUndefined()
    expect(campaignTags({ campaign: ['c 1'], contact: ['k1'] })).toBeUndefined()
    expect(campaignTags({ campaign: ['c1'], contact: ['k1#ORG#x'] })).toBeUndefined()
    expect(campaignTags({ campaign: ['c'.repeat(257)], contact: ['k1'] })).toBeUndefined()
    expect(campaignTags({ campaign: ['c-1.a_b@x'], contact: ['k1'] })).toEqual({
      campaignId: 'c-1.a_b@x',
      contactId: 'k1',
    })
  })
})

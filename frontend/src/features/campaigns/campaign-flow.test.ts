import { describe, expect, it } from 'vitest'
import {
  campaignEventTypes,
  contactTemplateData,
  firstOpenStep,
  nextStep,
  parseTestAddresses,
  previousStep,
  senderStart,
  stepReachable,
  withDefault,
} from './campaign-flow'

const TEMPLATE = '01JC0000000000000000000001'
const TOPIC = '01JC0000000000000000000002'
const SENDER = { fromEmail: 'news@example.com', fromName: 'News', replyTo: null, postalAddress: '1 Main St' }

describe('the create flow', () => {
  it('opens a draft at the first step it still needs, and only reachable steps', () => {
    const empty = { templateId: null, topicIds: [], sender: null }
    expect(firstOpenStep(empty)).toBe('content')
    expect(firstOpenStep({ ...empty, templateId: TEMPLATE })).toBe('audience')
    expect(firstOpenStep({ ...empty, templateId: TEMPLATE, topicIds: [TOPIC] })).toBe('sender')
    const complete = { templateId: TEMPLATE, topicIds: [TOPIC], sender: SENDER }
    expect(firstOpenStep(complete)).toBe('review')
    expect(stepReachable('review', { ...complete, sender: null })).toBe(false)
    expect(stepReachable('schedule', complete)).toBe(true)
    expect(stepReachable('audience', empty)).toBe(false)
    expect(stepReachable('content', undefined)).toBe(true)
    expect(nextStep('content')).toBe('audience')
    expect(nextStep('review')).toBeUndefined()
    expect(previousStep('content')).toBeUndefined()
  })

  it('renders the preview with a contact as the engine would: attributes, names, address, engine values', () => {
    const data = contactTemplateData(
      {
        email: 'ana@example.com',
        firstName: 'Ana',
        lastName: null,
        attributes: { plan: 'pro' },
      },
      'https://studio.example',
      SENDER,
    )
    expect(data).toEqual({
      plan: 'pro',
      firstName: 'Ana',
      email: 'ana@example.com',
      unsubscribeUrl: 'https://studio.example/unsubscribe?test=1',
      postalAddress: '1 Main St',
      organizationName: 'News',
    })
  })

  it('keeps the defaults for missing variables, an empty one removed', () => {
    const one = withDefault({ mode: 'skip' }, 'firstName', 'there')
    expect(one).toEqual({ mode: 'default', values: { firstName: 'there' } })
    expect(withDefault(withDefault(one, 'plan', 'free'), 'firstName', '')).toEqual({
      mode: 'default',
      values: { plan: 'free' },
    })
  })

  it('reads test addresses separated by commas, spaces or lines, each once', () => {
    expect(parseTestAddresses(' a@x.com, b@x.com\nA@x.com;; c@x.com ')).toEqual([
      'a@x.com',
      'b@x.com',
      'c@x.com',
    ])
    expect(parseTestAddresses('  ')).toEqual([])
  })
})

describe('the SES events a campaign asks for', () => {
  it('adds every type a campaign needs to those the account publishes, in SES order', () => {
    expect(campaignEventTypes([])).toEqual([
      'SEND',
      'DELIVERY',
      'BOUNCE',
      'COMPLAINT',
      'REJECT',
      'OPEN',
      'CLICK',
      'RENDERING_FAILURE',
    ])
    expect(campaignEventTypes(['DELIVERY_DELAY', 'BOUNCE'])).toEqual([
      'SEND',
      'DELIVERY',
      'BOUNCE',
      'COMPLAINT',
      'REJECT',
      'OPEN',
      'CLICK',
      'RENDERING_FAILURE',
      'DELIVERY_DELAY',
    ])
  })
})

describe('where the From field starts', () => {
  const address = { id: 'news@acme.test', type: 'EMAIL_ADDRESS' as const }
  const domain = { id: 'acme.test', type: 'DOMAIN' as const }
  const other = { id: 'hello@other.test', type: 'EMAIL_ADDRESS' as const }

  it('keeps a remembered address the chosen account can send from, as an address or at a domain', () => {
    expect(senderStart({ fromEmail: 'News@acme.test' }, [other, address])).toEqual({
      choice: { senderId: 'news@acme.test', localPart: 'test' },
      kept: true,
    })
    expect(senderStart({ fromEmail: 'offers@acme.test' }, [other, domain])).toEqual({
      choice: { senderId: 'acme.test', localPart: 'offers' },
      kept: true,
    })
  })

  it('leaves it to the user when that account cannot send from it', () => {
    expect(senderStart({ fromEmail: 'news@gone.test' }, [other, domain])).toEqual({
      choice: { senderId: 'hello@other.test', localPart: 'test' },
      kept: false,
    })
    expect(senderStart({ fromEmail: 'news@acme.test' }, [])).toMatchObject({ kept: false })
    expect(senderStart(null, [address])).toEqual({
      choice: { senderId: 'news@acme.test', localPart: 'test' },
      kept: false,
    })
  })
})

import { describe, expect, it } from 'vitest'
import { signupEmbed } from './signup-embed'

const topic = {
  id: '01JC0000000000000000000002',
  organizationId: '01JC0000000000000000000001',
  name: 'News & "Offers"',
  description: '',
  defaultSubscriptionStatus: 'OPT_OUT' as const,
  doubleOptIn: true,
  status: 'active' as const,
  counts: { subscribed: 0, unsubscribed: 0, pending: 0, total: 0 },
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
}

describe('the signup embed of a topic', () => {
  it('links the hosted page on the app and posts the form to the API origin, names escaped', () => {
    const embed = signupEmbed(topic, { app: 'https://app.example.com', apiBaseUrl: '/' })
    expect(embed.pageUrl).toBe(
      'https://app.example.com/subscribe/01JC0000000000000000000001/01JC0000000000000000000002',
    )
    expect(embed.formHtml).toContain('action="https://app.example.com/api/signup/form" method="post"')
    expect(embed.formHtml).toContain('value="01JC0000000000000000000002"')
    expect(embed.formHtml).toContain('Subscribe to News &#38; &#34;Offers&#34;')
    expect(embed.formHtml).toContain('name="website"')
  })

  it('uses a separate API origin when the app has one', () => {
    const embed = signupEmbed(topic, { app: 'http://localhost:5173', apiBaseUrl: 'http://localhost:3001/' })
    expect(embed.formHtml).toContain('action="http://localhost:3001/api/signup/form"')
    expect(embed.pageUrl.startsWith('http://localhost:5173/subscribe/')).toBe(true)
  })
})

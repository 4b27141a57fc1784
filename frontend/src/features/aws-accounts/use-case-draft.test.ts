import { describe, expect, it } from 'vitest'
import {
  type LeaveSandboxValues,
  leaveSandboxBodyFrom,
  parseContactEmails,
  unfilledPlaceholders,
  useCaseDraft,
} from './use-case-draft'

describe('useCaseDraft', () => {
  it('writes a marketing draft from the organization, website and mail type', () => {
    const draft = useCaseDraft({
      organizationName: 'Acme',
      websiteUrl: 'https://acme.example/about',
      mailType: 'MARKETING',
    })
    expect(draft).toMatch(/^Acme \(acme\.example\) uses Amazon SES/)
    expect(draft).toMatch(/double opt-in/)
    expect(draft).toMatch(/unsubscribe/)
    expect(draft).toMatch(/bounce and complaint rates/)
    expect(draft.length).toBeGreaterThanOrEqual(50)
    expect(draft.length).toBeLessThanOrEqual(5000)
  })

  it('writes a transactional draft without marketing promises', () => {
    const draft = useCaseDraft({
      organizationName: 'Acme',
      websiteUrl: 'https://acme.example',
      mailType: 'TRANSACTIONAL',
    })
    expect(draft).toMatch(/transactional email/)
    expect(draft).not.toMatch(/double opt-in/)
  })

  it('leaves gaps for what it cannot know', () => {
    const draft = useCaseDraft({ organizationName: ' ', websiteUrl: '', mailType: 'MARKETING' })
    expect(draft).toMatch(/^\[your company\] \(\[your website\]\)/)
    expect(unfilledPlaceholders(draft)).toContain('[number]')
  })

  it('uses a website that is not a URL yet as typed', () => {
    expect(
      useCaseDraft({ organizationName: 'Acme', websiteUrl: 'acme.example', mailType: 'MARKETING' }),
    ).toMatch(/^Acme \(acme\.example\)/)
  })
})

describe('unfilledPlaceholders', () => {
  it('lists each bracketed gap once, in order', () => {
    expect(unfilledPlaceholders('About [number] mails, [weekly], to [number] people [x]')).toEqual([
      '[number]',
      '[weekly]',
    ])
    expect(unfilledPlaceholders('All filled in.')).toEqual([])
  })
})

describe('parseContactEmails', () => {
  it('splits on commas, spaces and new lines', () => {
    expect(parseContactEmails(' a@x.test, b@x.test\nc@x.test;d@x.test ')).toEqual([
      'a@x.test',
      'b@x.test',
      'c@x.test',
      'd@x.test',
    ])
    expect(parseContactEmails('  ')).toEqual([])
  })
})

describe('leaveSandboxBodyFrom', () => {
  const valid: LeaveSandboxValues = {
    mailType: 'TRANSACTIONAL',
    websiteUrl: ' https://acme.example ',
    useCaseDescription: 'We send password resets and receipts to our registered users, about 3,000 a month.',
    contactEmails: 'ops@acme.example',
    contactLanguage: 'EN',
  }

  it('builds the request body with the contract’s schema', () => {
    expect(leaveSandboxBodyFrom(valid)).toEqual({
      ok: true,
      body: {
        mailType: 'TRANSACTIONAL',
        websiteUrl: 'https://acme.example',
        useCaseDescription: valid.useCaseDescription,
        additionalContactEmailAddresses: ['ops@acme.example'],
        contactLanguage: 'EN',
      },
    })
  })

  it('puts each problem next to its field', () => {
    const result = leaveSandboxBodyFrom({
      ...valid,
      websiteUrl: 'acme',
      useCaseDescription: 'Too short',
      contactEmails: 'a@x.test b@x.test c@x.test d@x.test e@x.test',
    })
    expect(result.ok).toBe(false)
    if (result.ok) return
    expect(result.errors.websiteUrl).toMatch(/https:\/\/example\.com/)
    expect(result.errors.useCaseDescription).toMatch(/at least 50 characters/)
    expect(result.errors.contactEmails).toBe('Add at most 4 addresses.')
  })

  it('refuses a bad contact address and a draft with gaps left', () => {
    const result = leaveSandboxBodyFrom({
      ...valid,
      contactEmails: 'not-an-address',
      useCaseDescription: `${valid.useCaseDescription} We send about [number] a day.`,
    })
    expect(result).toEqual({
      ok: false,
      errors: {
        contactEmails: 'Enter email addresses separated by commas.',
        useCaseDescription: 'Replace the parts in brackets with your own details: [number].',
      },
    })
  })
})

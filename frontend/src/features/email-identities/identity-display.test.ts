import { describe, expect, it } from 'vitest'
import {
  dkimRecords,
  domainAuthRecords,
  identityStatusText,
  relativeHost,
  sampleTestEmailHtml,
  senderAddress,
  sortIdentities,
  zoneFileLines,
} from './identity-display'

const DKIM = [
  { name: 'abc123._domainkey.example.com', type: 'CNAME' as const, value: 'abc123.dkim.amazonses.com' },
  { name: 'def456._domainkey.example.com', type: 'CNAME' as const, value: 'def456.dkim.amazonses.com' },
  { name: 'ghi789._domainkey.example.com', type: 'CNAME' as const, value: 'ghi789.dkim.amazonses.com' },
]

describe('identityStatusText', () => {
  it('puts SES states in words', () => {
    expect(identityStatusText('SUCCESS')).toEqual({ label: 'Verified', badge: 'green' })
    expect(identityStatusText('PENDING').label).toBe('Pending')
    expect(identityStatusText('FAILED').badge).toBe('red')
    expect(identityStatusText(null).label).toBe('Not set up')
    expect(identityStatusText('SOMETHING').label).toBe('Something')
  })
})

describe('relativeHost', () => {
  it('gives the host inside the zone, as DNS providers ask for it', () => {
    expect(relativeHost('abc._domainkey.example.com', 'example.com')).toBe('abc._domainkey')
    expect(relativeHost('abc._domainkey.Example.com.', 'example.com')).toBe('abc._domainkey')
    expect(relativeHost('example.com', 'example.com')).toBe('@')
    expect(relativeHost('other.test', 'example.com')).toBe('other.test')
  })
})

describe('dkimRecords and zoneFileLines', () => {
  it('lists the three CNAMEs with short hosts', () => {
    expect(dkimRecords({ id: 'example.com', dkimRecords: DKIM })).toEqual([
      { name: DKIM[0]?.name, host: 'abc123._domainkey', type: 'CNAME', value: 'abc123.dkim.amazonses.com' },
      { name: DKIM[1]?.name, host: 'def456._domainkey', type: 'CNAME', value: 'def456.dkim.amazonses.com' },
      { name: DKIM[2]?.name, host: 'ghi789._domainkey', type: 'CNAME', value: 'ghi789.dkim.amazonses.com' },
    ])
  })

  it('writes absolute zone-file lines, quoting TXT values', () => {
    const records = [
      ...dkimRecords({ id: 'example.com', dkimRecords: DKIM.slice(0, 1) }),
      ...domainAuthRecords({
        domain: 'example.com',
        mailFromDomain: 'mail.example.com',
        region: 'eu-west-1',
      }),
    ]
    expect(zoneFileLines(records).split('\n')).toEqual([
      'abc123._domainkey.example.com. 1800 IN CNAME abc123.dkim.amazonses.com.',
      'mail.example.com. 1800 IN MX 10 feedback-smtp.eu-west-1.amazonses.com.',
      'mail.example.com. 1800 IN TXT "v=spf1 include:amazonses.com ~all"',
      '_dmarc.example.com. 1800 IN TXT "v=DMARC1; p=none; rua=mailto:dmarc-reports@example.com"',
    ])
  })
})

describe('domainAuthRecords', () => {
  it('asks only for DMARC without a custom MAIL FROM', () => {
    expect(domainAuthRecords({ domain: 'example.com', mailFromDomain: null, region: 'us-east-1' })).toEqual([
      {
        name: '_dmarc.example.com',
        host: '_dmarc',
        type: 'TXT',
        value: 'v=DMARC1; p=none; rua=mailto:dmarc-reports@example.com',
      },
    ])
  })

  it('adds the MAIL FROM MX in the account’s region and its SPF', () => {
    const [mx, spf] = domainAuthRecords({
      domain: 'example.com',
      mailFromDomain: 'bounce.example.com',
      region: 'ap-south-1',
    })
    expect(mx).toEqual({
      name: 'bounce.example.com',
      host: 'bounce',
      type: 'MX',
      value: '10 feedback-smtp.ap-south-1.amazonses.com',
    })
    expect(spf?.value).toBe('v=spf1 include:amazonses.com ~all')
  })
})

describe('senderAddress and sortIdentities', () => {
  it('uses an email identity as it is and puts a local part before a domain', () => {
    expect(senderAddress({ id: 'ada@example.com', type: 'EMAIL_ADDRESS' }, 'x')).toBe('ada@example.com')
    expect(senderAddress({ id: 'example.com', type: 'DOMAIN' }, ' hello ')).toBe('hello@example.com')
  })

  it('lists usable senders first, then by name', () => {
    const identity = (id: string, usableAsSender: boolean) => ({
      id,
      usableAsSender,
      type: 'EMAIL_ADDRESS' as const,
      verificationStatus: usableAsSender ? 'SUCCESS' : 'PENDING',
      dkimStatus: null,
      dkimRecords: [],
      mailFromDomain: null,
      mailFromStatus: null,
    })
    expect(
      sortIdentities([
        identity('c@x.test', false),
        identity('b@x.test', true),
        identity('a@x.test', false),
      ]).map((item) => item.id),
    ).toEqual(['b@x.test', 'a@x.test', 'c@x.test'])
  })
})

describe('sampleTestEmailHtml', () => {
  it('escapes the organization name', () => {
    const html = sampleTestEmailHtml('A & <B>')
    expect(html).toContain('Hello from A &amp; &lt;B&gt;')
    expect(html.startsWith('<!doctype html>')).toBe(true)
  })
})

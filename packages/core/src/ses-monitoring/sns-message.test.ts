import { describe, expect, it } from 'vitest'
import { connectionOfTopic, monitoringNames } from './resources'
import { isSnsUrl, type SnsMessage, stringToSign, verifySnsMessage } from './sns-message'

const base = {
  MessageId: 'm-1',
  TopicArn: 'arn:aws:sns:eu-west-1:123456789012:ses-studio-events-x',
  Message: '{"a":1}',
  Timestamp: '2026-11-22T10:00:00.000Z',
  SignatureVersion: '2' as const,
  Signature: 'c2ln',
  SigningCertURL: 'https://sns.eu-west-1.amazonaws.com/SimpleNotificationService-abc.pem',
}

describe('SNS string to sign', () => {
  it('signs a notification’s fields in AWS’s order, Subject only when present', () => {
    const message: SnsMessage = { ...base, Type: 'Notification' }
    expect(stringToSign(message)).toBe(
      'Message\n{"a":1}\nMessageId\nm-1\nTimestamp\n2026-11-22T10:00:00.000Z\nTopicArn\narn:aws:sns:eu-west-1:123456789012:ses-studio-events-x\nType\nNotification\n',
    )
    expect(stringToSign({ ...message, Subject: 'Hi' })).toContain('MessageId\nm-1\nSubject\nHi\nTimestamp')
  })

  it('signs a confirmation’s SubscribeURL and Token', () => {
    const message: SnsMessage = {
      ...base,
      Type: 'SubscriptionConfirmation',
      Token: 'tok',
      SubscribeURL: 'https://sns.eu-west-1.amazonaws.com/?Action=ConfirmSubscription',
    }
    expect(stringToSign(message)).toBe(
      'Message\n{"a":1}\nMessageId\nm-1\nSubscribeURL\nhttps://sns.eu-west-1.amazonaws.com/?Action=ConfirmSubscription\nTimestamp\n2026-11-22T10:00:00.000Z\nToken\ntok\nTopicArn\narn:aws:sns:eu-west-1:123456789012:ses-studio-events-x\nType\nSubscriptionConfirmation\n',
    )
  })
})

describe('which URLs are SNS’s own', () => {
  it('accepts SNS in the topic’s region over HTTPS only', () => {
    expect(isSnsUrl('https://sns.eu-west-1.amazonaws.com/a.pem', 'eu-west-1', {})).toBe(true)
    expect(isSnsUrl('https://sns.cn-north-1.amazonaws.com.cn/a.pem', 'cn-north-1', {})).toBe(true)
    expect(isSnsUrl('https://sns.us-east-1.amazonaws.com/a.pem', 'eu-west-1', {})).toBe(false)
    expect(isSnsUrl('http://sns.eu-west-1.amazonaws.com/a.pem', 'eu-west-1', {})).toBe(false)
    expect(isSnsUrl('https://sns.eu-west-1.amazonaws.com:8443/a.pem', 'eu-west-1', {})).toBe(false)
    expect(isSnsUrl('https://sns.eu-west-1.amazonaws.com.evil.io/a.pem', 'eu-west-1', {})).toBe(false)
    expect(isSnsUrl('https://evil.io/sns.eu-west-1.amazonaws.com/a.pem', 'eu-west-1', {})).toBe(false)
    expect(isSnsUrl('not a url', 'eu-west-1', {})).toBe(false)
  })

  it('trusts a local origin only when it is localhost', () => {
    expect(
      isSnsUrl('http://localhost:8006/x.pem', 'eu-west-1', { localOrigin: 'http://localhost:8006' }),
    ).toBe(true)
    expect(
      isSnsUrl('http://localhost:9999/x.pem', 'eu-west-1', { localOrigin: 'http://localhost:8006' }),
    ).toBe(false)
    expect(isSnsUrl('http://evil.io/x.pem', 'eu-west-1', { localOrigin: 'http://evil.io' })).toBe(false)
  })
})

describe('refusing posts before any certificate is fetched', () => {
  const now = Date.parse('2026-11-22T10:05:00.000Z')
  const post = (fields: Record<string, unknown>) =>
    verifySnsMessage(JSON.stringify({ ...base, Type: 'Notification', ...fields }), {}, now)

  it.each([
    ['not JSON', () => verifySnsMessage('{', {}, now)],
    ['a certificate elsewhere', () => post({ SigningCertURL: 'https://evil.io/cert.pem' })],
    [
      'a certificate from another region',
      () => post({ SigningCertURL: 'https://sns.us-east-1.amazonaws.com/c.pem' }),
    ],
    ['an unknown signature version', () => post({ SignatureVersion: '3' })],
    ['a stale timestamp', () => post({ Timestamp: '2026-11-20T10:00:00.000Z' })],
    ['a future timestamp', () => post({ Timestamp: '2026-11-22T11:00:00.000Z' })],
    ['a malformed topic', () => post({ TopicArn: 'arn:aws:sqs:eu-west-1:1:q' })],
  ])('%s', async (_, attempt) => {
    await expect(attempt()).rejects.toMatchObject({ code: 'webhook.invalid_signature' })
  })
})

describe('monitoring names', () => {
  it('names the topic after the connection, and finds the connection from the name', () => {
    const id = '01JCZ0S8Y3H7V7W2Q4K5N6M7P8'
    const names = monitoringNames(id)
    expect(names.topic).toBe('ses-studio-events-01jcz0s8y3h7v7w2q4k5n6m7p8')
    expect(connectionOfTopic(names.topic)).toBe(id)
    expect(connectionOfTopic('ses-studio-events-nope')).toBeNull()
    expect(connectionOfTopic('other-topic')).toBeNull()
  })
})

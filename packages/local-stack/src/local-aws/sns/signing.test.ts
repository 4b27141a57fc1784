import { createVerify, X509Certificate } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { openSnsSigner, stringToSign } from './signing'

const dir = mkdtempSync(join(tmpdir(), 'sns-signing-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const notification = {
  Type: 'Notification' as const,
  MessageId: 'm-1',
  TopicArn: 'arn:aws:sns:us-east-1:111111111111:t',
  Message: '{"eventType":"Send"}',
  Timestamp: '2026-01-01T00:00:00.000Z',
}

describe('stringToSign', () => {
  it('lists a notification’s keys in AWS’s order, Subject only when present', () => {
    expect(stringToSign(notification)).toBe(
      'Message\n{"eventType":"Send"}\nMessageId\nm-1\nTimestamp\n2026-01-01T00:00:00.000Z\nTopicArn\narn:aws:sns:us-east-1:111111111111:t\nType\nNotification\n',
    )
    expect(stringToSign({ ...notification, Subject: 'Hi' })).toContain(
      'MessageId\nm-1\nSubject\nHi\nTimestamp\n',
    )
  })

  it('includes SubscribeURL and Token for confirmations', () => {
    expect(
      stringToSign({
        Type: 'SubscriptionConfirmation',
        MessageId: 'm-2',
        Token: 'tok',
        TopicArn: 'arn',
        Message: 'msg',
        SubscribeURL: 'http://x/?Action=ConfirmSubscription',
        Timestamp: 'ts',
        UnsubscribeURL: 'ignored',
      }),
    ).toBe(
      'Message\nmsg\nMessageId\nm-2\nSubscribeURL\nhttp://x/?Action=ConfirmSubscription\nTimestamp\nts\nToken\ntok\nTopicArn\narn\nType\nSubscriptionConfirmation\n',
    )
  })
})

describe('openSnsSigner', () => {
  it('signs with a key its self-signed certificate verifies, and keeps both in the file', async () => {
    const file = join(dir, 'sns-signing.json')
    const signer = await openSnsSigner(file)
    const certificate = new X509Certificate(signer.certificatePem)
    expect(certificate.subject).toContain('CN=sns.amazonaws.com')
    for (const [version, algorithm] of [
      ['2', 'RSA-SHA256'],
      ['1', 'RSA-SHA1'],
    ] as const) {
      const signature = signer.sign(notification, version)
      expect(
        createVerify(algorithm)
          .update(stringToSign(notification))
          .verify(certificate.publicKey, signature, 'base64'),
      ).toBe(true)
    }
    expect((await openSnsSigner(file)).certificatePem).toBe(signer.certificatePem)
  })
})

import { createPrivateKey, createSign, KeyObject, webcrypto } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'

/** Where deliveries say their certificate is (`SigningCertURL`), served unauthenticated like SNS's. */
export const SIGNING_CERT_PATH = '/SimpleNotificationService-local.pem'

/** The fields AWS signs, in its documented order; `Subject` only when the notification has one. */
const SIGNED_KEYS = {
  Notification: ['Message', 'MessageId', 'Subject', 'Timestamp', 'TopicArn', 'Type'],
  SubscriptionConfirmation: [
    'Message',
    'MessageId',
    'SubscribeURL',
    'Timestamp',
    'Token',
    'TopicArn',
    'Type',
  ],
  UnsubscribeConfirmation: ['Message', 'MessageId', 'SubscribeURL', 'Timestamp', 'Token', 'TopicArn', 'Type'],
} as const

export type SnsMessageType = keyof typeof SIGNED_KEYS

/** SNS's string to sign: `Key\nValue\n` for each signed key present, in order. */
export function stringToSign(message: { Type: SnsMessageType } & Record<string, string | undefined>): string {
  return SIGNED_KEYS[message.Type]
    .filter((key) => message[key] !== undefined)
    .map((key) => `${key}\n${message[key]}\n`)
    .join('')
}

export interface SnsSigner {
  certificatePem: string
  /** Base64 RSA signature of the message's string to sign: SHA256 for SignatureVersion 2, SHA1 for 1. */
  sign(message: { Type: SnsMessageType } & Record<string, string | undefined>, version: '1' | '2'): string
}

interface SigningFile {
  privateKeyPem: string
  certificatePem: string
}

/**
 * The stand-in's SNS signing key and self-signed certificate (`<dataDir>/aws/sns-signing.json`), made on first
 * start and kept, so subscribers that cached the certificate keep verifying after a restart.
 */
export async function openSnsSigner(file: string): Promise<SnsSigner> {
  const stored = existsSync(file)
    ? (JSON.parse(readFileSync(file, 'utf8')) as SigningFile)
    : await createSigningFile(file)
  const key: KeyObject = createPrivateKey(stored.privateKeyPem)
  return {
    certificatePem: stored.certificatePem,
    sign(message, version) {
      return createSign(version === '2' ? 'RSA-SHA256' : 'RSA-SHA1')
        .update(stringToSign(message), 'utf8')
        .sign(key, 'base64')
    },
  }
}

async function createSigningFile(file: string): Promise<SigningFile> {
  // @peculiar/x509 needs a Reflect metadata polyfill; only loaded the one time a certificate is made.
  await import('reflect-metadata')
  const x509 = await import('@peculiar/x509')
  const algorithm = {
    name: 'RSASSA-PKCS1-v1_5',
    hash: 'SHA-256',
    publicExponent: new Uint8Array([1, 0, 1]),
    modulusLength: 2048,
  }
  const keys = await webcrypto.subtle.generateKey(algorithm, true, ['sign', 'verify'])
  const now = Date.now()
  // Node's global WebCrypto is the library's default provider.
  const certificate = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: Buffer.from(webcrypto.getRandomValues(new Uint8Array(8))).toString('hex'),
    name: 'CN=sns.amazonaws.com',
    notBefore: new Date(now - 24 * 3600 * 1000),
    notAfter: new Date(now + 20 * 365 * 24 * 3600 * 1000),
    signingAlgorithm: algorithm,
    keys,
  })
  const signing: SigningFile = {
    privateKeyPem: KeyObject.from(keys.privateKey).export({ type: 'pkcs8', format: 'pem' }).toString(),
    certificatePem: `${certificate.toString('pem')}\n`,
  }
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 })
  writeFileSync(`${file}.tmp`, JSON.stringify(signing, null, 1), { mode: 0o600 })
  renameSync(`${file}.tmp`, file)
  return signing
}

import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto'
import { DecryptCommand, GenerateDataKeyCommand } from '@aws-sdk/client-kms'
import { kms } from '../aws'
import { awsAccountsEnv } from './env'

/** A customer's AWS secret access key at rest: AES-256-GCM under a KMS data key bound to org and connection. */
export interface SealedSecret {
  /** The KMS-encrypted data key (base64). */
  key: string
  iv: string
  ciphertext: string
  tag: string
}

/** KMS refuses to decrypt under any other context: a sealed secret copied to another row or org is useless. */
function context(orgId: string, awsAccountId: string) {
  return { organizationId: orgId, awsAccountId }
}

export async function sealSecret(secret: string, orgId: string, awsAccountId: string): Promise<SealedSecret> {
  const { Plaintext, CiphertextBlob } = await kms().send(
    new GenerateDataKeyCommand({
      KeyId: awsAccountsEnv().secretsKeyId,
      KeySpec: 'AES_256',
      EncryptionContext: context(orgId, awsAccountId),
    }),
  )
  if (!Plaintext || !CiphertextBlob) throw new Error('KMS returned no data key')
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', Plaintext, iv)
  const ciphertext = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()])
  Plaintext.fill(0)
  return {
    key: Buffer.from(CiphertextBlob).toString('base64'),
    iv: iv.toString('base64'),
    ciphertext: ciphertext.toString('base64'),
    tag: cipher.getAuthTag().toString('base64'),
  }
}

export async function openSecret(sealed: SealedSecret, orgId: string, awsAccountId: string): Promise<string> {
  const { Plaintext } = await kms().send(
    new DecryptCommand({
      CiphertextBlob: Buffer.from(sealed.key, 'base64'),
      EncryptionContext: context(orgId, awsAccountId),
    }),
  )
  if (!Plaintext) throw new Error('KMS returned no plaintext')
  const decipher = createDecipheriv('aes-256-gcm', Plaintext, Buffer.from(sealed.iv, 'base64'))
  decipher.setAuthTag(Buffer.from(sealed.tag, 'base64'))
  const secret = Buffer.concat([decipher.update(Buffer.from(sealed.ciphertext, 'base64')), decipher.final()])
  Plaintext.fill(0)
  return secret.toString('utf8')
}

import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto'
import { DecryptCommand, GenerateDataKeyCommand } from '@aws-sdk/client-kms'
import { kms } from '../aws'
import { secretsKeyId } from '../env'

/**
 * Secrets we must use but never show (a customer's AWS secret access key, later webhook signing secrets and
 * GitHub tokens), sealed at rest: AES-256-GCM under a fresh KMS data key whose encryption context names the
 * secret's purpose and its owner (organization and owning record). KMS refuses to decrypt under any other context,
 * so a sealed value copied to another row, organization or purpose is useless: `openSecret` for
 * `webhook-signing-secret` cannot open AWS credentials, even of the same owner.
 */
export const SECRET_PURPOSES = ['aws-account-credentials', 'webhook-signing-secret', 'github-token'] as const
export type SecretPurpose = (typeof SECRET_PURPOSES)[number]

/** The purpose, the organization and the owning record's ids (e.g. `awsAccountId`), all in the context. */
export type SecretOwner = { purpose: SecretPurpose; organizationId: string } & Record<string, string>

export interface SealedSecret {
  /** The KMS-encrypted data key (base64). */
  key: string
  iv: string
  ciphertext: string
  tag: string
  /** Absent on values sealed before purposes entered the context (see `LEGACY_PURPOSES`). */
  purpose?: SecretPurpose
}

/**
 * Purposes whose values were once sealed under the owner alone (`{ organizationId, awsAccountId }`, no purpose):
 * such a value (no `purpose` field) still opens, for that purpose only, under the owner without the purpose.
 */
const LEGACY_PURPOSES: ReadonlySet<SecretPurpose> = new Set(['aws-account-credentials'])

export async function sealSecret(plaintext: string, owner: SecretOwner): Promise<SealedSecret> {
  const { Plaintext, CiphertextBlob } = await kms().send(
    new GenerateDataKeyCommand({
      KeyId: secretsKeyId(),
      KeySpec: 'AES_256',
      EncryptionContext: { ...owner },
    }),
  )
  if (!Plaintext || !CiphertextBlob) throw new Error('KMS returned no data key')
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', Plaintext, iv)
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()])
  Plaintext.fill(0)
  return {
    key: Buffer.from(CiphertextBlob).toString('base64'),
    iv: iv.toString('base64'),
    ciphertext: ciphertext.toString('base64'),
    tag: cipher.getAuthTag().toString('base64'),
    purpose: owner.purpose,
  }
}

/** The plaintext, when `sealed` was sealed for exactly this purpose and owner; KMS refuses anything else. */
export async function openSecret(sealed: SealedSecret, owner: SecretOwner): Promise<string> {
  if (sealed.purpose !== undefined && sealed.purpose !== owner.purpose)
    throw new Error(`A secret sealed for ${sealed.purpose} cannot be opened for ${owner.purpose}`)
  let context: Record<string, string> = { ...owner }
  if (sealed.purpose === undefined) {
    if (!LEGACY_PURPOSES.has(owner.purpose))
      throw new Error(`A secret without a purpose cannot be opened for ${owner.purpose}`)
    const { purpose: _purpose, ...legacy } = owner
    context = legacy
  }
  const { Plaintext } = await kms().send(
    new DecryptCommand({ CiphertextBlob: Buffer.from(sealed.key, 'base64'), EncryptionContext: context }),
  )
  if (!Plaintext) throw new Error('KMS returned no plaintext')
  const decipher = createDecipheriv('aes-256-gcm', Plaintext, Buffer.from(sealed.iv, 'base64'))
  decipher.setAuthTag(Buffer.from(sealed.tag, 'base64'))
  const secret = Buffer.concat([decipher.update(Buffer.from(sealed.ciphertext, 'base64')), decipher.final()])
  Plaintext.fill(0)
  return secret.toString('utf8')
}

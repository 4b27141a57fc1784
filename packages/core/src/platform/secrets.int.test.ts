import { createCipheriv, randomBytes } from 'node:crypto'
import { ENV } from '@app/contracts'
import { GenerateDataKeyCommand } from '@aws-sdk/client-kms'
import { describe, expect, it } from 'vitest'
import { kms } from '../aws'
import { openSecret, type SealedSecret, type SecretOwner, sealSecret } from './secrets'

const credentials = (organizationId: string, awsAccountId: string): SecretOwner => ({
  purpose: 'aws-account-credentials',
  organizationId,
  awsAccountId,
})

/** Sealed as `aws-accounts/secrets.ts` did before purposes: context `{ organizationId, awsAccountId }`. */
async function sealedTheOldWay(secret: string, orgId: string, awsAccountId: string): Promise<SealedSecret> {
  const { Plaintext, CiphertextBlob } = await kms().send(
    new GenerateDataKeyCommand({
      KeyId: process.env[ENV.secretsKeyId],
      KeySpec: 'AES_256',
      EncryptionContext: { organizationId: orgId, awsAccountId },
    }),
  )
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', Plaintext as Uint8Array, iv)
  const ciphertext = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()])
  return {
    key: Buffer.from(CiphertextBlob as Uint8Array).toString('base64'),
    iv: iv.toString('base64'),
    ciphertext: ciphertext.toString('base64'),
    tag: cipher.getAuthTag().toString('base64'),
  }
}

describe('sealed secrets (KMS data key, purpose and owner in the encryption context)', () => {
  it('opens what it sealed for the same purpose and owner, and for nobody else', async () => {
    const owner = credentials('org-1', 'conn-1')
    const sealed = await sealSecret('wJalrXUtnFEMI/K7MDENG', owner)
    expect(sealed.purpose).toBe('aws-account-credentials')
    expect(JSON.stringify(sealed)).not.toContain('wJalrXUtnFEMI')
    expect(await openSecret(sealed, owner)).toBe('wJalrXUtnFEMI/K7MDENG')
    await expect(openSecret(sealed, credentials('org-2', 'conn-1'))).rejects.toThrow()
    await expect(openSecret(sealed, credentials('org-1', 'conn-2'))).rejects.toThrow()
  })

  it('refuses to open a value for another purpose, even with its purpose field changed', async () => {
    const owner: SecretOwner = {
      purpose: 'webhook-signing-secret',
      organizationId: 'org-1',
      webhookId: 'wh-1',
    }
    const sealed = await sealSecret('whsec_123', owner)
    const forGithub: SecretOwner = { ...owner, purpose: 'github-token' }
    await expect(openSecret(sealed, forGithub)).rejects.toThrow(/sealed for webhook-signing-secret/)
    // The field is only a early answer: KMS refuses the other purpose's context anyway.
    await expect(openSecret({ ...sealed, purpose: 'github-token' }, forGithub)).rejects.toMatchObject({
      name: 'InvalidCiphertextException',
    })
    // Nor does dropping the field pass it off as a value sealed before purposes.
    await expect(openSecret({ ...sealed, purpose: undefined }, owner)).rejects.toThrow(/without a purpose/)
  })

  it('still opens AWS credentials sealed before purposes entered the context, for that purpose only', async () => {
    const old = await sealedTheOldWay('old-secret-key', 'org-1', 'conn-1')
    expect(await openSecret(old, credentials('org-1', 'conn-1'))).toBe('old-secret-key')
    await expect(openSecret(old, credentials('org-1', 'conn-2'))).rejects.toMatchObject({
      name: 'InvalidCiphertextException',
    })
    await expect(
      openSecret(old, { purpose: 'github-token', organizationId: 'org-1', awsAccountId: 'conn-1' }),
    ).rejects.toThrow(/without a purpose/)
  })
})

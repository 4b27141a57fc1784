import { createCipheriv, createDecipheriv, randomBytes, randomUUID } from 'node:crypto'
import type { Principal } from './iam'
import { AwsError, accessDenied } from './protocol'
import { JsonFile } from './state'

export const CUSTOMER_SECRETS_KEY_ALIAS = 'alias/ses-studio-customer-secrets'

interface KmsKey {
  id: string
  alias: string
  accountId: string
  region: string
  description: string
  /** AES-256 key material, base64. */
  material: string
  createdAt: number
}

interface KmsKeyFile {
  version: 1
  keys: Record<string, KmsKey>
}

export type KmsKeys = JsonFile<KmsKeyFile>

/** The key file (`<dataDir>/aws/kms-keys.json`), with the platform's customer-secrets key created on first start. */
export function openKmsKeys(file: string, platformAccountId: string, region: string): KmsKeys {
  const keys = JsonFile.open<KmsKeyFile>(file, () => ({ version: 1, keys: {} }))
  if (!Object.values(keys.data.keys).some((key) => key.alias === CUSTOMER_SECRETS_KEY_ALIAS)) {
    const id = randomUUID()
    keys.data.keys[id] = {
      id,
      alias: CUSTOMER_SECRETS_KEY_ALIAS,
      accountId: platformAccountId,
      region,
      description: "Envelope key for customers' AWS secret access keys (local stand-in)",
      material: randomBytes(32).toString('base64'),
      createdAt: Math.floor(Date.now() / 1000),
    }
    keys.flush()
  }
  return keys
}

export function customerSecretsKey(keys: KmsKeys): { id: string; alias: string; arn: string } {
  const key = Object.values(keys.data.keys).find(
    (candidate) => candidate.alias === CUSTOMER_SECRETS_KEY_ALIAS,
  )
  if (!key) throw new Error('The customer-secrets KMS key is missing')
  return { id: key.id, alias: key.alias, arn: keyArn(key) }
}

const keyArn = (key: KmsKey) => `arn:aws:kms:${key.region}:${key.accountId}:key/${key.id}`

const MAGIC = Buffer.from('LKMS1')
const ALGORITHM = 'SYMMETRIC_DEFAULT'

type Json = Record<string, unknown>

/**
 * KMS's JSON 1.1 operations the product uses, on the platform's key: the ciphertext is AES-256-GCM with the
 * encryption context (sorted) as additional data, prefixed by the key id, so only this key and the same
 * context open it. Keys belong to the platform account; other accounts are refused as a key policy would.
 */
export function handleKms(
  keys: KmsKeys,
  operation: string,
  input: Json,
  principal: Principal,
  region: string,
): Json {
  const action = `kms:${operation}`
  switch (operation) {
    case 'DescribeKey': {
      const key = resolveKey(keys, input.KeyId, region)
      authorize(principal, action, key)
      return {
        KeyMetadata: {
          AWSAccountId: key.accountId,
          KeyId: key.id,
          Arn: keyArn(key),
          CreationDate: key.createdAt,
          Enabled: true,
          Description: key.description,
          KeyUsage: 'ENCRYPT_DECRYPT',
          KeyState: 'Enabled',
          Origin: 'AWS_KMS',
          KeyManager: 'CUSTOMER',
          CustomerMasterKeySpec: ALGORITHM,
          KeySpec: ALGORITHM,
          EncryptionAlgorithms: [ALGORITHM],
          MultiRegion: false,
        },
      }
    }
    case 'GenerateDataKey': {
      const key = resolveKey(keys, input.KeyId, region)
      authorize(principal, action, key)
      const size = dataKeySize(input)
      const plaintext = randomBytes(size)
      return {
        KeyId: keyArn(key),
        Plaintext: plaintext.toString('base64'),
        CiphertextBlob: seal(key, plaintext, context(input)).toString('base64'),
      }
    }
    case 'Encrypt': {
      const key = resolveKey(keys, input.KeyId, region)
      authorize(principal, action, key)
      const plaintext = blob(input.Plaintext, 'Plaintext')
      if (plaintext.length === 0 || plaintext.length > 4096)
        throw validation(
          `Value at 'plaintext' failed to satisfy constraint: Member must have length between 1 and 4096`,
        )
      return {
        KeyId: keyArn(key),
        CiphertextBlob: seal(key, plaintext, context(input)).toString('base64'),
        EncryptionAlgorithm: ALGORITHM,
      }
    }
    case 'Decrypt': {
      const ciphertext = blob(input.CiphertextBlob, 'CiphertextBlob')
      const key = keyOfCiphertext(keys, ciphertext)
      authorize(principal, action, key)
      if (input.KeyId !== undefined) {
        const named = resolveKey(keys, input.KeyId, region)
        if (named.id !== key.id)
          throw new AwsError(
            400,
            'IncorrectKeyException',
            'The key ID in the request does not identify a CMK that can perform this operation.',
          )
      }
      return {
        KeyId: keyArn(key),
        Plaintext: open(key, ciphertext, context(input)).toString('base64'),
        EncryptionAlgorithm: ALGORITHM,
      }
    }
    default:
      throw new AwsError(
        400,
        'UnknownOperationException',
        `${operation} is not available in the local KMS stand-in.`,
      )
  }
}

function authorize(principal: Principal, action: string, key: KmsKey): void {
  if (principal.accountId !== key.accountId) throw accessDenied('kms', principal.arn, action, keyArn(key))
}

const validation = (message: string) =>
  new AwsError(400, 'ValidationException', `1 validation error detected: ${message}`)

function resolveKey(keys: KmsKeys, keyId: unknown, region: string): KmsKey {
  if (typeof keyId !== 'string' || !keyId)
    throw validation("Value null at 'keyId' failed to satisfy constraint: Member must not be null")
  const all = Object.values(keys.data.keys).filter((key) => key.region === region)
  const aliasName = /^(?:arn:aws:kms:[^:]+:\d{12}:)?(alias\/.+)$/.exec(keyId)?.[1]
  const found = aliasName
    ? all.find((key) => key.alias === aliasName)
    : all.find((key) => key.id === keyId || keyArn(key) === keyId)
  if (found) return found
  throw new AwsError(
    400,
    'NotFoundException',
    aliasName
      ? `Alias ${keyId.startsWith('arn:') ? keyId : `arn:aws:kms:${region}:*:${aliasName}`} is not found.`
      : `Key '${keyId}' does not exist`,
  )
}

function dataKeySize(input: Json): number {
  if (input.NumberOfBytes !== undefined) {
    const bytes = Number(input.NumberOfBytes)
    if (!Number.isInteger(bytes) || bytes < 1 || bytes > 1024)
      throw validation(
        `Value '${String(input.NumberOfBytes)}' at 'numberOfBytes' failed to satisfy constraint: Member must have value less than or equal to 1024`,
      )
    return bytes
  }
  if (input.KeySpec === 'AES_256') return 32
  if (input.KeySpec === 'AES_128') return 16
  throw new AwsError(400, 'ValidationException', 'Please specify either number of bytes or key spec.')
}

function blob(value: unknown, name: string): Buffer {
  if (typeof value !== 'string')
    throw validation(
      `Value null at '${name.charAt(0).toLowerCase()}${name.slice(1)}' failed to satisfy constraint: Member must not be null`,
    )
  return Buffer.from(value, 'base64')
}

/** The encryption context as additional authenticated data: sorted, so key order does not matter (as in KMS). */
function context(input: Json): Buffer {
  const value = input.EncryptionContext
  if (value === undefined || value === null) return Buffer.alloc(0)
  if (typeof value !== 'object' || Array.isArray(value))
    throw new AwsError(400, 'SerializationException', 'EncryptionContext must be a map of strings')
  const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) =>
    a < b ? -1 : a > b ? 1 : 0,
  )
  return Buffer.from(JSON.stringify(entries))
}

function seal(key: KmsKey, plaintext: Buffer, aad: Buffer): Buffer {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', Buffer.from(key.material, 'base64'), iv)
  cipher.setAAD(aad)
  const encrypted = Buffer.concat([cipher.update(plaintext), cipher.final()])
  return Buffer.concat([
    MAGIC,
    Buffer.from(key.id.replace(/-/g, ''), 'hex'),
    iv,
    cipher.getAuthTag(),
    encrypted,
  ])
}

const invalidCiphertext = () =>
  new AwsError(
    400,
    'InvalidCiphertextException',
    'The ciphertext refers to another key, was altered, or was encrypted with another encryption context.',
  )

function keyOfCiphertext(keys: KmsKeys, ciphertext: Buffer): KmsKey {
  if (ciphertext.length < MAGIC.length + 16 + 12 + 16 || !ciphertext.subarray(0, MAGIC.length).equals(MAGIC))
    throw invalidCiphertext()
  const hex = ciphertext.subarray(MAGIC.length, MAGIC.length + 16).toString('hex')
  const id = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
  const key = keys.data.keys[id]
  if (!key) throw invalidCiphertext()
  return key
}

function open(key: KmsKey, ciphertext: Buffer, aad: Buffer): Buffer {
  const start = MAGIC.length + 16
  const iv = ciphertext.subarray(start, start + 12)
  const tag = ciphertext.subarray(start + 12, start + 28)
  try {
    const decipher = createDecipheriv('aes-256-gcm', Buffer.from(key.material, 'base64'), iv)
    decipher.setAAD(aad)
    decipher.setAuthTag(tag)
    return Buffer.concat([decipher.update(ciphertext.subarray(start + 28)), decipher.final()])
  } catch {
    throw invalidCiphertext()
  }
}

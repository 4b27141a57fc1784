import { readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { prepareDataDir } from './data-dir'
import { injectLocalStack } from './testing/inject-local-stack'
import { localSigningKeys } from './testing/signing-keys'

const stack = injectLocalStack()
const mode = (path: string) => statSync(path).mode & 0o777

describe('secrets the running stack keeps on disk', () => {
  it('keeps the signing keys out of local-stack.json and out of the config tests get', () => {
    const keys = localSigningKeys(stack)
    const unsubscribe = JSON.parse(keys.unsubscribeKeys) as Record<string, string>
    const material = [
      keys.cursorKey,
      ...Object.entries(unsubscribe)
        .filter(([id]) => id !== 'current')
        .map(([, key]) => key),
    ]
    expect(material.every((key) => key.length >= 40)).toBe(true)
    const written = readFileSync(join(stack.dataDir, 'local-stack.json'), 'utf8')
    expect(written).toContain(stack.apiUrl)
    for (const key of material) {
      expect(written).not.toContain(key)
      expect(JSON.stringify(stack)).not.toContain(key)
    }
  })

  it('lets only its owner read the data directory and every secret file in it', () => {
    const dataDir = prepareDataDir(stack.dataDir)
    expect(mode(dataDir.root)).toBe(0o700)
    for (const file of [
      dataDir.configFile,
      dataDir.cursorKeyFile,
      dataDir.unsubscribeKeysFile,
      dataDir.awsStateFile,
      dataDir.awsKeysFile,
      dataDir.awsSnsSigningFile,
    ])
      expect(mode(file), file).toBe(0o600)
  })

  it("logs a signed unsubscribe address's request without its signature", async () => {
    const signature = 'f'.repeat(43)
    const path = `/api/contacts/unsubscribe?organizationId=org_1&contactId=c_1&keyId=k1&signature=${signature}`
    await fetch(`${stack.apiUrl}${path}`)
    const logFile = join(stack.dataDir, 'local-stack.log')
    // The gateway logs its access line just after answering.
    await expect.poll(() => readFileSync(logFile, 'utf8').includes('c_1&keyId')).toBe(true)
    const logged = readFileSync(logFile, 'utf8')
    expect(logged).toContain(
      'api GET /api/contacts/unsubscribe?organizationId=org_1&contactId=c_1&keyId=k1&signature=[Filtered] ',
    )
    expect(logged).not.toContain(signature)
  })
})

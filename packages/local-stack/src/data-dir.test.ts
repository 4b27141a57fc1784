import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseSigningKeys } from '@app/core/audience/unsubscribe/links'
import { afterEach, describe, expect, it } from 'vitest'
import { prepareDataDir, unsubscribeKeys } from './data-dir'

const roots: string[] = []
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true })
})

describe('prepareDataDir with reset', () => {
  it('deletes every piece of state but keeps the web build (a cache of the sources)', () => {
    const root = mkdtempSync(join(tmpdir(), 'ses-studio-data-'))
    roots.push(root)
    const first = prepareDataDir(root)
    writeFileSync(join(first.stripe, 'state.json'), '{}')
    writeFileSync(first.configFile, '{}')
    mkdirSync(join(first.web, 'dist'), { recursive: true })
    writeFileSync(join(first.web, 'build.json'), '{}')

    const reset = prepareDataDir(root, true)
    expect(existsSync(join(reset.stripe, 'state.json'))).toBe(false)
    expect(existsSync(reset.configFile)).toBe(false)
    expect(existsSync(reset.dynamodb)).toBe(true)
    expect(existsSync(join(reset.web, 'build.json'))).toBe(true)
    expect(existsSync(join(reset.web, 'dist'))).toBe(true)
  })
})

describe('unsubscribe link keys', () => {
  it('are made once per data directory (a usable key set, owner-only) and kept across restarts', () => {
    const root = mkdtempSync(join(tmpdir(), 'ses-studio-data-'))
    roots.push(root)
    const dataDir = prepareDataDir(root)
    const first = unsubscribeKeys(dataDir)
    const keys = parseSigningKeys(first)
    expect(keys.current).toBe('k1')
    expect(keys.keys.get('k1')?.length).toBeGreaterThanOrEqual(32)
    expect(statSync(dataDir.unsubscribeKeysFile).mode & 0o777).toBe(0o600)
    expect(unsubscribeKeys(prepareDataDir(root))).toBe(first)
  })
})

import { existsSync, rmSync, statfsSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { describe, expect, it } from 'vitest'
import { scratchDir } from './scratch-dir'

describe('scratchDir', () => {
  it('makes a fresh directory each call, on the memory disk when it has room, else in the temp dir', () => {
    const first = scratchDir('scratch-test-')
    const second = scratchDir('scratch-test-')
    try {
      expect(first).not.toBe(second)
      expect(existsSync(first) && existsSync(second)).toBe(true)
      let memoryDiskRoom = 0
      try {
        const stats = statfsSync('/dev/shm')
        memoryDiskRoom = stats.bavail * stats.bsize
      } catch {}
      expect(first.startsWith(memoryDiskRoom >= 2 * 1024 ** 3 ? '/dev/shm/' : tmpdir())).toBe(true)
    } finally {
      rmSync(first, { recursive: true, force: true })
      rmSync(second, { recursive: true, force: true })
    }
  })
})

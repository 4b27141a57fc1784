import { mkdtempSync, statfsSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const MEMORY_DISK = '/dev/shm'
const ROOM_NEEDED = 2 * 1024 ** 3

/**
 * A fresh directory for a throwaway stack (tests, benches): on the memory disk when the machine has one with
 * room to spare, else in the temp dir. DynamoDB Local commits every item to its SQLite file with a disk flush,
 * which caps writes at about a hundred items per second on an ordinary disk and about fourteen times that on
 * tmpfs; a stack thrown away after the run loses nothing by skipping the flush. `npm start` keeps its data on
 * disk (`.data/`).
 */
export function scratchDir(prefix: string): string {
  return mkdtempSync(join(hasRoom(MEMORY_DISK) ? MEMORY_DISK : tmpdir(), prefix))
}

function hasRoom(path: string): boolean {
  try {
    const stats = statfsSync(path)
    return stats.bavail * stats.bsize >= ROOM_NEEDED
  } catch {
    return false
  }
}

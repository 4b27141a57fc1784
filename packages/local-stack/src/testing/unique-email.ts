import { randomBytes } from 'node:crypto'

/** A fresh, lower-case address per call, so tests never collide on the shared stack. */
export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${Date.now().toString(36)}-${randomBytes(4).toString('hex')}@example.com`
}

/** Satisfies the contracts' password policy. */
export const TEST_PASSWORD = 'Correct-Horse-7-battery'

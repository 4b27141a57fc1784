import { initialJsGzipBytes } from '@app/local-stack/testing/build-frontend'
import { describe, expect, inject, it } from 'vitest'

/**
 * Issue 3: the signed-in app shell's first paint stays within 250 KB of gzipped JavaScript (2026-11-29: 248.6 KB).
 * Each feature's API module imports its own domain's routes (`@app/contracts/<domain>/routes`), never the whole
 * table: the table's every schema (the public API's, webhooks', API keys') would reach the first paint.
 */
const APP_SHELL_BUDGET_BYTES = 250 * 1024

describe('bundle budgets (the build the browser tests run against)', () => {
  it('app shell initial JS ≤ 250 KB gzipped', () => {
    const { bytes, files } = initialJsGzipBytes(inject('webDist'), [
      'index.html',
      'src/app/routes/app/layout.tsx',
      'src/app/routes/app/home.tsx',
    ])
    console.info(`app shell initial JS: ${(bytes / 1024).toFixed(1)} KB gzipped in ${files.length} files`)
    expect(bytes).toBeLessThanOrEqual(APP_SHELL_BUDGET_BYTES)
  })
})

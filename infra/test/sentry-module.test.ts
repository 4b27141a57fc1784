import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { REPO_ROOT } from '../lib/paths'
import { sentryModuleCommands } from '../lib/sentry-module'

// A stand-in Lambda asset outside the repo, so nothing resolves from the workspace's node_modules.
let assetDir: string
beforeAll(() => {
  assetDir = mkdtempSync(path.join(tmpdir(), 'sentry-asset-'))
  for (const command of sentryModuleCommands(assetDir)) {
    execFileSync('bash', ['-c', command], { cwd: REPO_ROOT, stdio: 'pipe' })
  }
})
afterAll(() => rmSync(assetDir, { recursive: true, force: true }))

test('the pre-bundled SDK is one minified file', () => {
  const size = statSync(path.join(assetDir, 'node_modules/@sentry/aws-serverless/index.mjs')).size
  console.info(`@sentry/aws-serverless beside the bundle: ${(size / 1024).toFixed(1)} KB`)
  expect(size).toBeGreaterThan(100_000)
})

test("a handler's import('@sentry/aws-serverless') finds it beside index.mjs", () => {
  writeFileSync(
    path.join(assetDir, 'index.mjs'),
    "const sentry = await import('@sentry/aws-serverless')\n" +
      'console.log([sentry.init, sentry.captureException, sentry.flush].map((f) => typeof f).join(","))\n',
  )
  const output = execFileSync('node', ['index.mjs'], { cwd: assetDir, encoding: 'utf8' })
  expect(output.trim()).toBe('function,function,function')
})

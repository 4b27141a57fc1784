import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { TestProject } from 'vitest/node'
import { buildFrontend } from './build-frontend'
import { startTestStack } from './start-test-stack'

/**
 * Browser tests run against what ships: `vite build` once, then the whole stack with that bundle served under the
 * production CSP (`config.appUrl`), on free ports. Tests find the build at `inject('webDist')`.
 */
export default async function setup(project: TestProject) {
  const webDist = await buildFrontend(mkdtempSync(join(tmpdir(), 'ses-studio-web-')))
  project.provide('webDist', webDist)
  const stop = await startTestStack(project, { web: true, webDist })
  return async () => {
    await stop()
    rmSync(webDist, { recursive: true, force: true })
  }
}

import { appendFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { ENV } from '@app/contracts'
import type { TestProject } from 'vitest/node'
import { type LocalStackOptions, startLocalStack } from '../index'
import { FREE_PORTS } from '../ports'
import { testStackEnv } from './env'
import './provided-context'
import { scratchDir } from './scratch-dir'

/**
 * A whole stack for one test run: free ports, a fresh temp data dir (kept when LOCAL_STACK_KEEP_DATA is set),
 * handler logs at `warn` unless LOG_LEVEL says otherwise. The process env gets the handler variables, so test
 * workers (started after this) can use core's AWS clients directly.
 */
export async function startTestStack(
  project: TestProject,
  options: Pick<LocalStackOptions, 'web' | 'webDist'> = {},
): Promise<() => Promise<void>> {
  // The SDK's Node 20 notice would open every test file's output; test workers inherit this.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true'
  // Webhook tests post to receivers on loopback, and retry after short pauses (1 s, 2 s) instead of hours.
  process.env[ENV.webhooksAllowLoopback] ??= '1'
  process.env[ENV.webhookRetrySeconds] ??= '1,2'
  const env = testStackEnv()
  const dataDir = scratchDir('ses-studio-stack-')
  const logFile = join(dataDir, 'local-stack.log')
  const stack = await startLocalStack({
    dataDir,
    ports: FREE_PORTS,
    web: options.web ?? false,
    webDist: options.webDist,
    logLevel: env.logLevel,
    log: (line) => {
      // A request still running while the stack stops may log after the directory is gone: drop that line.
      try {
        appendFileSync(logFile, `${new Date().toISOString()} ${line}\n`)
      } catch {}
    },
  })
  project.provide('localStack', stack.config)
  return async () => {
    await stack.stop()
    if (env.keepData) console.log(`local stack data kept in ${dataDir}`)
    else rmSync(dataDir, { recursive: true, force: true })
  }
}

import { spawn } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { LOOPBACK } from '../http/listen'
import { findFreePort } from '../ports'
import { type ManagedChild, manageChild, waitUntilReady } from '../process/child-process'

export interface CognitoLocalOptions {
  /** cognito-local keeps its config and users in `<stateDir>/.cognito`. */
  stateDir: string
  logDir: string
  /** Origin put in every token's `iss`: the Cognito proxy, so issuer and JWKS live where clients look. */
  issuerDomain: string
  /** Lambda Invoke endpoint that runs the trigger handlers. */
  lambdaEndpoint: string
  /** Trigger name → function name served by `lambdaEndpoint`. */
  triggers: Record<string, string>
  region: string
  credentials: { accessKeyId: string; secretAccessKey: string }
}

export interface CognitoLocal {
  /** cognito-local itself; only the proxy talks to it. */
  url: string
  child: ManagedChild
}

/** cognito-local in its own Node process (it brings the v2 AWS SDK and resolves its state dir from its cwd). */
export async function startCognitoLocal(options: CognitoLocalOptions): Promise<CognitoLocal> {
  const configDir = join(options.stateDir, '.cognito')
  mkdirSync(configDir, { recursive: true })
  // Rewritten on every start: ports may change between runs, users and pools (in .cognito/db) stay.
  writeFileSync(
    join(configDir, 'config.json'),
    `${JSON.stringify(
      {
        TokenConfig: { IssuerDomain: options.issuerDomain },
        TriggerFunctions: options.triggers,
        LambdaClient: {
          endpoint: options.lambdaEndpoint,
          region: options.region,
          credentials: options.credentials,
        },
        UserPoolDefaults: { UsernameAttributes: ['email'] },
      },
      null,
      2,
    )}\n`,
  )

  const port = await findFreePort()
  const bin = createRequire(import.meta.url).resolve('cognito-local/lib/bin/start.js')
  const child = manageChild(
    'cognito-local',
    spawn(process.execPath, [bin], {
      cwd: options.stateDir,
      env: { ...process.env, PORT: String(port), HOST: LOOPBACK, NODE_NO_WARNINGS: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
    join(options.logDir, 'cognito-local.log'),
  )
  const url = `http://${LOOPBACK}:${port}`
  await waitUntilReady(child, async () => (await fetch(`${url}/health`)).ok, { timeoutMs: 30_000 })
  return { url, child }
}

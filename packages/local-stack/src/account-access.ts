/**
 * `npm run account-access -- suspend|restore <email>`: the operator's switch for `hasAccessToPlatform` on the
 * running local stack (it reads `.data/local-stack.json`). A suspended account may only read and delete itself.
 */
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { LocalStackConfig } from './config'
import { applyEnvironment, handlerEnvironment } from './environment'
import { DEFAULT_DATA_DIR } from './repo-paths'

const USAGE = 'Usage: npm run account-access -- suspend|restore <email>'

async function main(argv: string[]): Promise<void> {
  const [action, email] = argv
  if ((action !== 'suspend' && action !== 'restore') || !email) throw new Error(USAGE)
  const configFile = join(DEFAULT_DATA_DIR, 'local-stack.json')
  if (!existsSync(configFile)) throw new Error('The local stack is not running: start it with npm start.')
  const config = JSON.parse(readFileSync(configFile, 'utf8')) as LocalStackConfig
  applyEnvironment(handlerEnvironment(config, 'warn'))
  const { Accounts } = await import('@app/core')
  const { findAccountByEmail } = await import('@app/core/accounts/public')
  const account = await findAccountByEmail(email.trim().toLowerCase())
  if (!account) throw new Error(`No account with the email ${email}.`)
  await Accounts.setPlatformAccess(account.id, action === 'restore')
  console.log(`${email}: ${action === 'suspend' ? 'suspended' : 'access restored'}`)
}

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})

import { relative } from 'node:path'
import { HELP, parseArguments } from './cli-options'
import { type LocalStack, StartupError, startLocalStack } from './index'
import { DEFAULT_DATA_DIR } from './repo-paths'

const dim = (text: string) => (process.stdout.isTTY ? `\x1b[2m${text}\x1b[0m` : text)
const bold = (text: string) => (process.stdout.isTTY ? `\x1b[1m${text}\x1b[0m` : text)

function printReady(stack: LocalStack, devServer: boolean): void {
  const { config } = stack
  const shown = relative(process.cwd(), config.dataDir) || '.'
  const rows: [string, string][] = [
    [
      'App',
      `${config.appUrl}  (${devServer ? 'Vite dev server, hot reload' : 'production build, as deployed; npm run dev for hot reload'})`,
    ],
    ['Mailbox', config.mailboxUrl],
    ['API', `${config.apiUrl}/api`],
    ['Cognito', `${config.cognitoEndpoint} (pool ${config.userPoolId})`],
    ['Stripe', `${config.stripe.publicUrl} (stand-in, test mode; card 4242 4242 4242 4242)`],
    ['Data', `${shown}/  (endpoints and ids: ${shown}/local-stack.json)`],
  ]
  // Counted from process start, so the figure includes loading the launcher itself.
  console.log(`\n${bold('SES Studio is running locally')} — ready in ${process.uptime().toFixed(1)} s\n`)
  for (const [label, value] of rows) console.log(`  ${label.padEnd(9)}${value}`)
  console.log(
    dim(
      `\n  Ports: PORT_WEB=… npm start or npm start -- --port-web=… (see --help). Ctrl-C stops everything.\n`,
    ),
  )
}

function fail(error: unknown): never {
  if (error instanceof StartupError) {
    console.error(`\n✖ ${error.message}`)
    if (error.logTail.length > 0) console.error(dim(error.logTail.map((line) => `    ${line}`).join('\n')))
  } else {
    console.error(`\n✖ The local stack stopped: ${error instanceof Error ? error.message : String(error)}`)
    console.error(dim(`  Logs of the stand-ins: ${relative(process.cwd(), DEFAULT_DATA_DIR)}/logs/`))
  }
  process.exit(1)
}

async function main(): Promise<void> {
  // Local only: the SDK's Node 20 deprecation notice would otherwise open every run.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true'
  const args = parseArguments(process.argv.slice(2))
  if (args.help) {
    console.log(HELP)
    return
  }

  let stack: LocalStack | undefined
  let stopping = false
  const shutdown = async (signal: string) => {
    if (stopping) process.exit(130) // second Ctrl-C: the exit hook kills what is left
    stopping = true
    if (!stack) return // still starting: shut down as soon as start returns
    console.log(dim(`\n${signal}: stopping…`))
    await stack.stop()
    process.exit(0)
  }
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const)
    process.on(signal, () => void shutdown(signal))

  console.log(dim(`Starting the local stack in ${relative(process.cwd(), DEFAULT_DATA_DIR) || '.data'}/ …`))
  try {
    stack = await startLocalStack({
      dataDir: DEFAULT_DATA_DIR,
      reset: args.reset,
      ports: args.ports,
      web: true,
      webDevServer: args.dev,
      migrate: true,
      adminEmails: args.adminEmails,
      log: (line) =>
        console.log(
          line.startsWith('✖') ? `\n${line}` : line.startsWith('▸') ? `  ${bold(line)}` : dim(`  ${line}`),
        ),
    })
  } catch (error) {
    if (stopping) process.exit(130) // Ctrl-C while starting: whatever failed because of it is not news
    throw error
  }
  if (stopping) {
    await stack.stop()
    process.exit(0)
  }
  printReady(stack, args.dev)
}

main().catch(fail)

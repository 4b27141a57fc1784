import { DEFAULT_PORTS, PORT_NAMES, type Ports, portEnvName, portFlag } from './ports'
import { StartupError } from './startup-error'

export const HELP = `npm start [-- options]   run SES Studio locally on AWS stand-ins (the web app's production build)
npm run dev [-- options] the same with the Vite dev server (hot reload) for the web app

  --reset                 start empty (deletes .data/ except the web build)
  --dev                   the Vite dev server instead of the production build (what npm run dev passes)
  ${PORT_NAMES.map((name) => `${`${portFlag(name)}=<port>`.padEnd(24)}or ${portEnvName(name)}=<port> (default ${DEFAULT_PORTS[name]})`).join('\n  ')}
  --help                  this text

  ADMIN_EMAILS=a@x.com,b@y.com   accounts allowed to use /api/admin (default none)`

export interface CliOptions {
  reset: boolean
  help: boolean
  /** `npm run dev`: the Vite dev server; `npm start`: the production build. */
  dev: boolean
  ports: Partial<Ports>
  /** `ADMIN_EMAILS`: accounts allowed to use /api/admin. */
  adminEmails: string[]
}

export function parseArguments(argv: string[], env: NodeJS.ProcessEnv = process.env): CliOptions {
  const ports: Partial<Ports> = {}
  for (const name of PORT_NAMES) {
    const fromEnv = env[portEnvName(name)]
    if (fromEnv) ports[name] = parsePort(fromEnv, portEnvName(name))
  }
  let reset = false
  let help = false
  let dev = false
  for (let index = 0; index < argv.length; index++) {
    const argument = argv[index] ?? ''
    if (argument === '--reset') reset = true
    else if (argument === '--help' || argument === '-h') help = true
    else if (argument === '--dev') dev = true
    else {
      const [flag = '', inline] = argument.split('=', 2)
      const name = PORT_NAMES.find((candidate) => portFlag(candidate) === flag)
      if (!name) throw new StartupError(`Unknown option ${argument}. Run npm start -- --help.`)
      const value = inline ?? argv[++index]
      ports[name] = parsePort(value ?? '', flag)
    }
  }
  return { reset, help, dev, ports, adminEmails: parseAdminEmails(env.ADMIN_EMAILS) }
}

function parsePort(value: string, source: string): number {
  const port = Number(value)
  if (!Number.isInteger(port) || port < 1 || port > 65535)
    throw new StartupError(`${source} must be a port number between 1 and 65535, not "${value}".`)
  return port
}

/** `ADMIN_EMAILS=a@x.com, b@y.com` → ['a@x.com', 'b@y.com']. */
export function parseAdminEmails(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((email) => email.trim())
    .filter(Boolean)
}

import { scrubUrl } from '@app/contracts'

/**
 * A log line with every address in it passed through contracts' `scrubUrl`, the rule the API's structured logs
 * and Sentry use: a secret query or fragment parameter keeps its name, its value becomes `[Filtered]`. Lines are
 * cut at whitespace, quotes and angle brackets, so an address inside a sentence (`GET /x?sig=… 200 4 ms`, `<…>`)
 * loses only its secrets, and several addresses in one line are each scrubbed.
 */
export function scrubLogLine(line: string): string {
  if (!line.includes('=')) return line
  return line
    .split(/([\s"'<>`]+)/)
    .map((token) => (token.includes('=') && /[?#]/.test(token) ? scrubUrl(token) : token))
    .join('')
}

/** The stack's one log sink, scrubbed: every part logs through it (gateways, stand-ins, pollers). */
export function scrubbedLog(log: ((line: string) => void) | undefined): (line: string) => void {
  if (!log) return () => {}
  return (line) => log(scrubLogLine(line))
}

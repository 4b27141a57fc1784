import type { LogLevel } from '../environment'

const LOG_LEVELS: readonly string[] = ['debug', 'info', 'warn', 'error'] satisfies LogLevel[]
const isLogLevel = (value: string): value is LogLevel => LOG_LEVELS.includes(value)

/** What a test run's stack reads from its environment: `LOG_LEVEL` (handler logs) and `LOCAL_STACK_KEEP_DATA`. */
export function testStackEnv(env: NodeJS.ProcessEnv = process.env): {
  logLevel: LogLevel
  keepData: boolean
} {
  const level = env.LOG_LEVEL || 'warn'
  if (!isLogLevel(level)) throw new Error(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, not "${level}"`)
  return { logLevel: level, keepData: Boolean(env.LOCAL_STACK_KEEP_DATA) }
}

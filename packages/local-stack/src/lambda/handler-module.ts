import { existsSync } from 'node:fs'
import { relative } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { Context } from 'aws-lambda'

export type LambdaHandler<E = unknown, R = unknown> = (event: E, context: Context) => Promise<R> | R

const loaded = new Map<string, Promise<LambdaHandler>>()

/**
 * Imports a handler module once, on first use — always after the local environment is in place, exactly as
 * Lambda loads a module at cold start with its configuration already set.
 */
export function loadHandler<E, R>(modulePath: string): Promise<LambdaHandler<E, R>> {
  let handler = loaded.get(modulePath)
  if (!handler) {
    handler = importHandler(modulePath)
    loaded.set(modulePath, handler)
    // A module that does not exist yet (or failed to load) is retried on the next call.
    handler.catch(() => loaded.delete(modulePath))
  }
  return handler as Promise<LambdaHandler<E, R>>
}

async function importHandler(modulePath: string): Promise<LambdaHandler> {
  const shown = relative(process.cwd(), modulePath) || modulePath
  if (!existsSync(modulePath)) throw new Error(`Handler module ${shown} does not exist.`)
  const module = (await import(pathToFileURL(modulePath).href)) as { handler?: unknown }
  if (typeof module.handler !== 'function')
    throw new Error(`${shown} does not export a \`handler\` function.`)
  return module.handler as LambdaHandler
}

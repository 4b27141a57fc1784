import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { portInUseError } from '../ports'
import { type LocalStackPluginOptions, localStackPlugin } from './local-stack-plugin'

export interface WebServer {
  url: string
  stop(): Promise<void>
}

/** The Vite dev server for `frontendDir`, with its own vite.config.ts plus our local-stack plugin. */
export async function startWebServer(
  options: LocalStackPluginOptions & { frontendDir: string; port: number },
): Promise<WebServer> {
  const { createServer } = await import('vite')
  const configFile = join(options.frontendDir, 'vite.config.ts')
  const server = await createServer({
    root: options.frontendDir,
    configFile: existsSync(configFile) ? configFile : false,
    clearScreen: false,
    logLevel: 'warn',
    server: { port: options.port, strictPort: true, host: 'localhost' },
    plugins: [localStackPlugin(options)],
  })
  try {
    await server.listen()
  } catch (error) {
    await server.close()
    throw error instanceof Error && /already in use/i.test(error.message)
      ? portInUseError('web', options.port)
      : error
  }
  return { url: `http://localhost:${options.port}`, stop: () => server.close() }
}

import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { FRONTEND_DIR } from '../repo-paths'

/** One entry of Vite's `.vite/manifest.json`. */
export interface ManifestChunk {
  file: string
  src?: string
  isEntry?: boolean
  isDynamicEntry?: boolean
  imports?: string[]
  dynamicImports?: string[]
  css?: string[]
}
export type ViteManifest = Record<string, ManifestChunk>

/**
 * `vite build` of the web app into `outDir` (a temp dir, so a run never races a developer's `frontend/dist`),
 * with the manifest the bundle-budget tests read. Shared by the e2e setup and budget checks.
 */
export async function buildFrontend(outDir: string, frontendDir = FRONTEND_DIR): Promise<string> {
  const { build } = await import('vite')
  // Vitest sets NODE_ENV=test, which would make Vite bundle React's development build: build what ships.
  const nodeEnv = process.env.NODE_ENV
  process.env.NODE_ENV = 'production'
  try {
    await build({
      root: frontendDir,
      configFile: join(frontendDir, 'vite.config.ts'),
      mode: 'production',
      logLevel: 'warn',
      build: { outDir, emptyOutDir: true, manifest: true },
    })
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV
    else process.env.NODE_ENV = nodeEnv
  }
  return outDir
}

export function readManifest(distDir: string): ViteManifest {
  return JSON.parse(readFileSync(join(distDir, '.vite', 'manifest.json'), 'utf8')) as ViteManifest
}

/**
 * The JavaScript a page downloads before it can render: the given manifest keys (`index.html`, route modules
 * such as `src/app/routes/app/layout.tsx`) and everything they import statically, each file counted once,
 * gzipped. Lazy (`dynamicImports`) chunks are left out: they load later, on demand.
 */
export function initialJsGzipBytes(
  distDir: string,
  keys: readonly string[],
): { bytes: number; files: string[] } {
  const manifest = readManifest(distDir)
  const files = new Set<string>()
  const visit = (key: string) => {
    const chunk = manifest[key]
    if (!chunk) throw new Error(`${key} is not in the Vite manifest`)
    if (files.has(chunk.file)) return
    files.add(chunk.file)
    for (const imported of chunk.imports ?? []) visit(imported)
  }
  for (const key of keys) visit(key)
  const js = [...files].filter((file) => file.endsWith('.js'))
  const bytes = js.reduce((sum, file) => sum + gzipSync(readFileSync(join(distDir, file))).length, 0)
  return { bytes, files: js }
}

import { spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join, relative } from 'node:path'
import { manageChild } from '../process/child-process'
import { FRONTEND_DIR, REPO_ROOT } from '../repo-paths'
import { StartupError } from '../startup-error'

/** Part of the fingerprint: a build made with other flags is not reused. */
const VITE_BUILD_FLAGS = ['--emptyOutDir', '--sourcemap', 'false', '--logLevel', 'warn']
/** Never part of what ships: dependencies, build output, browser tests, unit tests, docs. */
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'e2e', '.vite', 'coverage'])
const SKIPPED_FILE = /\.test\.tsx?$|\.tsbuildinfo$|\.md$/

/** What the production bundle is made of: the frontend and the workspace packages it imports. */
export interface WebSources {
  frontendDir: string
  /** Folders read recursively (the frontend, `packages/contracts`, `packages/email`). */
  dirs: string[]
  /** Single files: the lockfile, so a dependency upgrade rebuilds too. */
  files: string[]
}

export function webSources(frontendDir = FRONTEND_DIR): WebSources {
  return {
    frontendDir,
    dirs: [frontendDir, join(REPO_ROOT, 'packages', 'contracts'), join(REPO_ROOT, 'packages', 'email')],
    files: [join(REPO_ROOT, 'package-lock.json')],
  }
}

/**
 * A hash of every source file's path, size and modification time: cheap (no file is read), and any edit, new,
 * moved or deleted file changes it.
 */
export function fingerprintSources(sources: WebSources): string {
  const hash = createHash('sha256').update(VITE_BUILD_FLAGS.join(' '))
  const add = (file: string) => {
    const stat = statSync(file, { throwIfNoEntry: false })
    if (stat?.isFile()) hash.update(`${relative(REPO_ROOT, file)}\t${stat.size}\t${stat.mtimeMs}\n`)
  }
  const walk = (dir: string) => {
    const entries = readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))
    for (const entry of entries) {
      const path = join(dir, entry.name)
      if (entry.isDirectory()) {
        if (!SKIPPED_DIRS.has(entry.name)) walk(path)
      } else if (entry.isFile() && !SKIPPED_FILE.test(entry.name)) add(path)
    }
  }
  for (const dir of sources.dirs) if (existsSync(dir)) walk(dir)
  for (const file of sources.files) add(file)
  return hash.digest('hex')
}

/** Writes a production bundle of `frontendDir` into `outDir` (which it empties first). */
export type WebBuilder = (frontendDir: string, outDir: string) => Promise<void>

export interface WebBuildOptions {
  /** `<dataDir>/web`: the bundle in `dist/`, what it was built from in `build.json`. */
  cacheDir: string
  sources?: WebSources
  build?: WebBuilder
  log?: (line: string) => void
}

export interface WebBuild {
  distDir: string
  /** False when the previous build was still current. */
  built: boolean
  /** How long this build took (0 when reused). */
  buildMs: number
}

interface BuildStamp {
  fingerprint: string
  builtAt: string
  buildMs: number
}

/**
 * The production bundle `npm start` serves: reused while the sources are unchanged since it was built,
 * otherwise built again (into a side folder, swapped in only once the build succeeded).
 */
export async function ensureWebBuild(options: WebBuildOptions): Promise<WebBuild> {
  const log = options.log ?? (() => {})
  const sources = options.sources ?? webSources()
  const distDir = join(options.cacheDir, 'dist')
  const stampFile = join(options.cacheDir, 'build.json')
  const fingerprint = fingerprintSources(sources)
  const stamp = readStamp(stampFile)
  if (stamp?.fingerprint === fingerprint && existsSync(join(distDir, 'index.html'))) {
    log(`Web app: reusing the production build of ${stamp.builtAt} (sources unchanged)`)
    return { distDir, built: false, buildMs: 0 }
  }

  log(
    `▸ Building the web app (production bundle, ${stamp ? 'its sources changed since the last build' : 'first start'})…`,
  )
  const started = performance.now()
  const nextDir = join(options.cacheDir, 'dist.next')
  mkdirSync(options.cacheDir, { recursive: true })
  rmSync(stampFile, { force: true })
  const logFile = join(options.cacheDir, 'build.log')
  rmSync(logFile, { force: true })
  await (options.build ?? viteBuilder(logFile))(sources.frontendDir, nextDir)
  if (!existsSync(join(nextDir, 'index.html'))) throw new StartupError(`The web build wrote no index.html.`)
  rmSync(distDir, { recursive: true, force: true })
  renameSync(nextDir, distDir)
  const buildMs = Math.round(performance.now() - started)
  // The fingerprint taken before building: a file saved during the build makes the next start rebuild.
  const written: BuildStamp = { fingerprint, builtAt: new Date().toISOString(), buildMs }
  writeFileSync(stampFile, `${JSON.stringify(written, null, 2)}\n`)
  log(
    `▸ Web app built in ${(buildMs / 1000).toFixed(1)} s (rebuilt on start when frontend/, contracts or email change)`,
  )
  return { distDir, built: true, buildMs }
}

function readStamp(file: string): BuildStamp | undefined {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as BuildStamp
  } catch {
    return undefined
  }
}

/**
 * `vite build` in a child process: NODE_ENV=production there (React's production build) without touching this
 * process's environment, and the stack's servers keep starting on this event loop meanwhile.
 */
export function viteBuilder(logFile: string): WebBuilder {
  return async (frontendDir, outDir) => {
    const require = createRequire(join(frontendDir, 'package.json'))
    const viteBin = join(dirname(require.resolve('vite/package.json')), 'bin', 'vite.js')
    const child = manageChild(
      'vite build',
      // No source maps: they double the build's time and change nothing a page loads (npm run dev to debug).
      spawn(process.execPath, [viteBin, 'build', ...VITE_BUILD_FLAGS, '--outDir', outDir], {
        cwd: frontendDir,
        env: { ...process.env, NODE_ENV: 'production' },
        stdio: ['ignore', 'pipe', 'pipe'],
      }),
      logFile,
    )
    const reason = await child.exited
    if (reason !== 'exited with code 0')
      throw new StartupError(`Building the web app failed (vite build ${reason}).`, child.tail().slice(-15))
  }
}

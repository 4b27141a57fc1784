import { mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ensureWebBuild, type WebBuilder, type WebSources } from './web-build'

let root: string
let sources: WebSources
let cacheDir: string
let builds: number
let failNextBuild: boolean

/** Stands in for `vite build`: writes an index.html naming the build, or fails when told to. */
const fakeBuild: WebBuilder = async (_frontendDir, outDir) => {
  if (failNextBuild) {
    failNextBuild = false
    throw new Error('vite build exited with code 1')
  }
  builds++
  rmSync(outDir, { recursive: true, force: true })
  mkdirSync(outDir, { recursive: true })
  writeFileSync(join(outDir, 'index.html'), `<!doctype html><title>build ${builds}</title>`)
}

const write = (path: string, text: string) => {
  const file = join(root, path)
  mkdirSync(dirname(file), { recursive: true })
  writeFileSync(file, text)
  return file
}
const start = () => ensureWebBuild({ cacheDir, sources, build: fakeBuild })
const served = (distDir: string) => readFileSync(join(distDir, 'index.html'), 'utf8')

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'ses-studio-web-build-'))
  builds = 0
  failNextBuild = false
  write('frontend/index.html', '<div id="root"></div>')
  write('frontend/src/main.tsx', 'render()')
  write('frontend/e2e/app.e2e.ts', 'test()')
  write('frontend/src/lib/format.test.ts', 'it()')
  write('frontend/node_modules/react/index.js', 'react')
  write('contracts/src/routes.ts', 'export const ROUTES = {}')
  write('package-lock.json', '{}')
  sources = {
    frontendDir: join(root, 'frontend'),
    dirs: [join(root, 'frontend'), join(root, 'contracts')],
    files: [join(root, 'package-lock.json')],
  }
  cacheDir = join(root, '.data', 'web')
})

afterEach(() => rmSync(root, { recursive: true, force: true }))

describe('ensureWebBuild', () => {
  it('builds on first start, then reuses the build while nothing changed', async () => {
    const first = await start()
    expect(first).toMatchObject({ built: true, distDir: join(cacheDir, 'dist') })
    const second = await start()
    expect(second).toEqual({ built: false, buildMs: 0, distDir: join(cacheDir, 'dist') })
    expect(builds).toBe(1)
    expect(served(second.distDir)).toContain('build 1')
  })

  it.each([
    ['an edited frontend file', () => write('frontend/src/main.tsx', 'render(<App />)')],
    ['a new frontend file', () => write('frontend/src/pages/new-page.tsx', 'export {}')],
    ['a deleted frontend file', () => rmSync(join(root, 'frontend/src/main.tsx'))],
    ['an edited file of a package the frontend imports', () => write('contracts/src/routes.ts', 'x')],
    ['another lockfile (a dependency upgrade)', () => write('package-lock.json', '{"v":2}')],
  ])('rebuilds after %s', async (_change, change) => {
    await start()
    change()
    const next = await start()
    expect(next.built).toBe(true)
    expect(builds).toBe(2)
    expect(served(next.distDir)).toContain('build 2')
    expect((await start()).built).toBe(false)
  })

  it('rebuilds when only the modification time changed (same size: a save, a checkout)', async () => {
    await start()
    const later = new Date(Date.now() + 60_000)
    utimesSync(join(root, 'frontend/src/main.tsx'), later, later)
    expect((await start()).built).toBe(true)
  })

  it.each([
    ['browser tests', () => write('frontend/e2e/app.e2e.ts', 'test("more")')],
    ['unit tests', () => write('frontend/src/lib/format.test.ts', 'it("more")')],
    ['a README', () => write('frontend/README.md', '# The web app, explained again')],
    ['node_modules', () => write('frontend/node_modules/react/index.js', 'react 2')],
    ['a frontend/dist of its own', () => write('frontend/dist/index.html', 'old')],
    ['files outside the sources', () => write('functions/src/http/templates.ts', 'handler')],
  ])('does not rebuild for changes in %s', async (_what, change) => {
    await start()
    change()
    expect((await start()).built).toBe(false)
    expect(builds).toBe(1)
  })

  it('rebuilds when the build output is gone', async () => {
    await start()
    rmSync(join(cacheDir, 'dist'), { recursive: true })
    expect((await start()).built).toBe(true)
  })

  it('after a failed build keeps the previous bundle in place and builds again on the next start', async () => {
    await start()
    write('frontend/src/main.tsx', 'render(<Broken')
    failNextBuild = true
    await expect(start()).rejects.toThrow('vite build exited with code 1')
    expect(served(join(cacheDir, 'dist'))).toContain('build 1')
    const next = await start()
    expect(next.built).toBe(true)
    expect(served(next.distDir)).toContain('build 2')
  })
})

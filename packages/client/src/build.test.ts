import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const source = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'))
// Below the workspace's node_modules, so the built file finds zod as an installed package would.
const scratch = join(root, 'node_modules')
let out = ''

describe('the published package (build.ts, without the declarations: those take the type checker a minute)', () => {
  beforeAll(() => {
    mkdirSync(scratch, { recursive: true })
    out = mkdtempSync(join(scratch, '.build-test-'))
    execFileSync(
      process.execPath,
      [join(root, '../../node_modules/tsx/dist/cli.mjs'), 'scripts/build.ts', '--out', out, '--no-types'],
      { cwd: root, stdio: 'pipe' },
    )
  }, 60_000)
  afterAll(() => rmSync(out, { recursive: true, force: true }))

  it('bundles the contracts, leaves zod a dependency and packs as a public package', () => {
    const bundle = readFileSync(join(out, 'index.js'), 'utf8')
    expect(bundle).not.toMatch(/from ['"]@app\//)
    expect(bundle).toMatch(/from ['"]zod['"]/)
    const published = JSON.parse(readFileSync(join(out, 'package.json'), 'utf8'))
    expect(published).toMatchObject({
      name: '@ses-studio/client',
      version: source.version,
      license: 'MIT',
      type: 'module',
      engines: { node: '>=20' },
      dependencies: { zod: source.dependencies.zod },
    })
    expect(published.private).toBeUndefined()
    const [packed] = JSON.parse(
      execFileSync('npm', ['pack', '--dry-run', '--json', out], { encoding: 'utf8', stdio: 'pipe' }),
    )
    expect(packed.name).toBe('@ses-studio/client')
    expect(packed.files.map((file: { path: string }) => file.path).sort()).toEqual([
      'LICENSE',
      'README.md',
      'index.js',
      'package.json',
    ])
  })

  it('runs in Node on its own: a method per public route, calling the fetch it is given', async () => {
    const built = await import(pathToFileURL(join(out, 'index.js')).href)
    const asked: string[] = []
    const api = built.createClient({
      baseUrl: 'https://studio.example.com',
      apiKey: 'ssk_live_test',
      fetch: async (url: string) => {
        asked.push(url)
        return new Response(JSON.stringify({ items: [], nextCursor: null }), { status: 200 })
      },
    })
    expect(await api.listPublicCampaigns({ query: { limit: 5 } })).toEqual({ items: [], nextCursor: null })
    expect(asked).toEqual(['https://studio.example.com/api/v1/campaigns?limit=5'])
    expect(typeof api.sendPublicEmail).toBe('function')
    expect(api.listCampaigns).toBeUndefined()
  })
})

/**
 * `npm run build -w @ses-studio/client`: writes `dist/`, the package as it is published — `index.js` (ESM, the
 * contracts bundled in, zod left as a dependency), the declarations (the client's and the contracts' they name,
 * with Node-ready import paths), `package.json`, README and LICENSE. Pack or publish that folder:
 * `npm pack ./packages/client/dist`. `--out <dir>` writes elsewhere; `--no-types` leaves the declarations out
 * (they take the type checker about a minute: `build.test.ts` checks the rest).
 */
import { execFileSync } from 'node:child_process'
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const args = process.argv.slice(2)
const outAt = args.indexOf('--out')
const dist = outAt >= 0 && args[outAt + 1] ? resolve(args[outAt + 1] as string) : join(root, 'dist')
const withTypes = !args.includes('--no-types')
const typesDir = join(dist, 'types')
const source = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'))
const typesEntry = './types/client/src/index.d.ts'

rmSync(dist, { recursive: true, force: true })
mkdirSync(dist)

await build({
  entryPoints: [join(root, 'src/index.ts')],
  outfile: join(dist, 'index.js'),
  bundle: true,
  format: 'esm',
  platform: 'neutral',
  target: 'es2022',
  external: Object.keys(source.dependencies),
  legalComments: 'none',
  logLevel: 'warning',
})

// Declarations of the client and of the contracts it names, laid out as in the repository (`types/client/src`,
// `types/contracts/src`).
const tsconfig = join(root, 'tsconfig.build.json')
if (withTypes) writeDeclarations()

function writeDeclarations() {
  writeFileSync(
    tsconfig,
    JSON.stringify({
      extends: './tsconfig.json',
      compilerOptions: {
        noEmit: false,
        declaration: true,
        emitDeclarationOnly: true,
        rootDir: '..',
        outDir: typesDir,
        // Through `paths`, not node_modules: the contracts are this program's sources, so their declarations are written.
        paths: { '@app/contracts': ['../contracts/src/index.ts'] },
      },
      include: [],
      files: ['src/index.ts'],
    }),
  )
  try {
    execFileSync(process.execPath, [join(root, '../../node_modules/typescript/bin/tsc'), '-p', tsconfig], {
      stdio: 'inherit',
    })
  } finally {
    rmSync(tsconfig)
  }
  rewriteDeclarations(typesDir)
}

/** Every emitted `.d.ts`, with `@app/contracts` made relative and each relative import given its `.js`. */
function rewriteDeclarations(folder: string) {
  for (const name of readdirSync(folder)) {
    const path = join(folder, name)
    if (statSync(path).isDirectory()) rewriteDeclarations(path)
    else if (name.endsWith('.d.ts')) writeFileSync(path, nodeReady(path, readFileSync(path, 'utf8')))
  }
}

function nodeReady(file: string, text: string): string {
  const contracts = join(typesDir, 'contracts/src/index.js')
  return text.replace(
    /(from\s+|import\()(['"])([^'"]+)\2/g,
    (whole, lead: string, quote: string, spec: string) => {
      if (spec === '@app/contracts') return `${lead}${quote}${relativeSpecifier(file, contracts)}${quote}`
      if (spec.startsWith('@app/')) throw new Error(`${file} names ${spec}: only @app/contracts is bundled`)
      if (!spec.startsWith('.')) return whole
      const target = resolve(dirname(file), spec)
      const resolved = isFile(`${target}.d.ts`)
        ? `${spec}.js`
        : isFile(join(target, 'index.d.ts'))
          ? `${spec}/index.js`
          : null
      if (!resolved) throw new Error(`${file}: cannot resolve ${spec}`)
      return `${lead}${quote}${resolved}${quote}`
    },
  )
}

function relativeSpecifier(from: string, to: string): string {
  const path = relative(dirname(from), to)
  return path.startsWith('.') ? path : `./${path}`
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile()
  } catch {
    return false
  }
}

const published = {
  name: source.name,
  version: source.version,
  description: source.description,
  license: source.license,
  keywords: source.keywords,
  type: 'module',
  engines: source.engines,
  sideEffects: false,
  exports: {
    '.': withTypes ? { types: typesEntry, default: './index.js' } : './index.js',
    './package.json': './package.json',
  },
  ...(withTypes ? { types: typesEntry } : {}),
  files: ['index.js', ...(withTypes ? ['types'] : []), 'README.md', 'LICENSE'],
  dependencies: source.dependencies,
}
writeFileSync(join(dist, 'package.json'), `${JSON.stringify(published, null, 2)}\n`)
cpSync(join(root, 'README.md'), join(dist, 'README.md'))
cpSync(join(root, '../../LICENSE'), join(dist, 'LICENSE'))
console.log(`Built ${relative(process.cwd(), dist)} (${source.name}@${source.version})`)

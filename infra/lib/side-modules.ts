import path from 'node:path'
import type { SideModuleName } from '@app/contracts'
import { REPO_ROOT } from './paths'
import { CREATE_REQUIRE_BANNER } from './sentry-module'

/**
 * A workspace module shipped pre-bundled beside a function's `index.mjs` (as `node_modules/<name>/index.mjs`)
 * instead of inside it, for code the handler loads only on some calls with `import(name)`.
 */
export interface SideModule {
  name: string
  /** The module's entry, relative to the repo root. */
  entry: string
}

/**
 * The template pipeline (`@app/email`: MJML, Handlebars, lint, text; ~4 MB with MJML). Only template writes
 * compile, so the templates function keeps it out of its bundle (the 500 KB budget, and cold starts of every read)
 * and core imports it on the first compile.
 */
export const EMAIL_MODULE: SideModule = { name: '@app/email', entry: 'packages/email/src/index.ts' }

/** Where each side module a function may declare (`FunctionAccess.sideModules`) is built from. */
export const SIDE_MODULE_ENTRIES: Record<SideModuleName, SideModule> = { '@app/email': EMAIL_MODULE }

export function sideModuleCommands(outputDir: string, module: SideModule): string[] {
  const moduleDir = path.join(outputDir, 'node_modules', ...module.name.split('/'))
  const esbuild = path.join(REPO_ROOT, 'node_modules', '.bin', 'esbuild')
  const manifest = JSON.stringify({ name: module.name, type: 'module', exports: './index.mjs' })
  return [
    [
      quote(esbuild),
      quote(path.join(REPO_ROOT, module.entry)),
      '--bundle',
      '--platform=node',
      '--format=esm',
      '--target=node22',
      '--minify',
      '--main-fields=module,main',
      '--external:@aws-sdk/*',
      // cosmiconfig (through MJML's minifier) loads TypeScript only to read .ts config files, which never happens.
      '--external:typescript',
      '--log-level=error',
      quote(`--banner:js=${CREATE_REQUIRE_BANNER}`),
      quote(`--outfile=${path.join(moduleDir, 'index.mjs')}`),
    ].join(' '),
    `echo ${quote(manifest)} > ${quote(path.join(moduleDir, 'package.json'))}`,
  ]
}

function quote(value: string): string {
  return `'${value.replaceAll("'", `'\\''`)}'`
}

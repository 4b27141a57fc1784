import { createRequire } from 'node:module'
import path from 'node:path'
import { REPO_ROOT } from './paths'

/**
 * The functions load Sentry with `import('@sentry/aws-serverless')` only when SENTRY_DSN is set. Bundled inline,
 * esbuild cannot tree-shake a dynamic import and the SDK adds ~740 KB to every handler, above the 500 KB budget.
 * So the handler bundle keeps it external, and only a deployment with `-c sentryDsn=…` ships it: pre-bundled
 * and minified as `node_modules/@sentry/aws-serverless` beside `index.mjs`, where Node's ESM resolution finds it.
 */
export const SENTRY_MODULE = '@sentry/aws-serverless'

export const CREATE_REQUIRE_BANNER =
  'import { createRequire as __createRequire } from "node:module"; const require = __createRequire(import.meta.url);'

export function sentryModuleCommands(outputDir: string): string[] {
  const moduleDir = path.join(outputDir, 'node_modules', ...SENTRY_MODULE.split('/'))
  const esbuild = path.join(REPO_ROOT, 'node_modules', '.bin', 'esbuild')
  const manifest = JSON.stringify({ name: SENTRY_MODULE, type: 'module', exports: './index.mjs' })
  return [
    [
      quote(esbuild),
      quote(sentryEsmEntry()),
      '--bundle',
      '--platform=node',
      '--format=esm',
      '--target=node22',
      '--minify',
      '--main-fields=module,main',
      '--external:@aws-sdk/*',
      '--log-level=warning',
      quote(`--banner:js=${CREATE_REQUIRE_BANNER}`),
      quote(`--outfile=${path.join(moduleDir, 'index.mjs')}`),
    ].join(' '),
    `echo ${quote(manifest)} > ${quote(path.join(moduleDir, 'package.json'))}`,
  ]
}

function sentryEsmEntry(): string {
  const require = createRequire(import.meta.url)
  const manifestPath = require.resolve(`${SENTRY_MODULE}/package.json`, { paths: [REPO_ROOT] })
  const manifest = require(manifestPath) as { module: string }
  return path.join(path.dirname(manifestPath), manifest.module)
}

function quote(value: string): string {
  return `'${value.replaceAll("'", `'\\''`)}'`
}

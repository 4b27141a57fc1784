import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { EndpointGroup } from '@app/contracts'
import { HTTP_ACCESS } from '@app/functions/access'
import { cdkJsonContext, createSesStudioApp, STACK_ID } from './app'
import { SENTRY_MODULE } from './sentry-module'

/** Budget for an API function's bundled `index.mjs`, minified, when it calls Stripe (issue 2 §7). */
export const API_BUNDLE_BUDGET_BYTES = 500 * 1024
/** Every other API function: no Stripe SDK, which only functions that call Stripe may carry (issue 16). */
export const NON_STRIPE_API_BUNDLE_BUDGET_BYTES = 250 * 1024
/**
 * The docs function: it serves the OpenAPI document built from every route's schemas, so it carries the whole
 * contracts package and grows with the API (no dashboard call waits on it). Its own budget, not the hot paths'.
 */
export const DOCS_API_BUNDLE_BUDGET_BYTES = 300 * 1024
/**
 * The public API's campaigns function: every route of it carries the API-key check, the per-key rate limiter and
 * idempotency besides the campaign engine's state changes and report. 2026-11-29: 257.6 KB. The next cut is the
 * contracts barrel (`@app/contracts`), through which a constant pulls its whole schema module into a bundle;
 * moving the error-status maps out of schema modules already took 4.4 KB off every function.
 */
export const PUBLIC_CAMPAIGNS_API_BUNDLE_BUDGET_BYTES = 260 * 1024

/** The budget of one API function, by its entry (`functions/src/http/<group>.ts`). */
export function apiBundleBudget(entry: string): number {
  const group = path.basename(entry, '.ts') as EndpointGroup
  if (group === 'docs') return DOCS_API_BUNDLE_BUDGET_BYTES
  if (group === 'public-campaigns') return PUBLIC_CAMPAIGNS_API_BUNDLE_BUDGET_BYTES
  return HTTP_ACCESS[group]?.stripe ? API_BUNDLE_BUDGET_BYTES : NON_STRIPE_API_BUNDLE_BUDGET_BYTES
}

export type FunctionKind = 'http' | 'worker' | 'trigger'

export interface BundleSize {
  /** The entry, relative to the repo root: `functions/src/http/account.ts`. */
  entry: string
  kind: FunctionKind
  logicalId: string
  /** Size of the bundled `index.mjs`. */
  bytes: number
  /** Size of the Sentry SDK shipped beside it, when the deployment configures a DSN. */
  sentryBytes?: number
}

interface TemplateResource {
  Type: string
  Properties?: { Description?: unknown; Code?: { S3Key?: unknown } }
}

/**
 * Sizes of our own functions' bundles in a synthesized cloud assembly (`cdk.out` after `npm run synth`, or a
 * test's `app.outdir`). Functions are recognised by the description `ServiceFunction` gives them: their entry.
 */
export function listBundleSizes(assemblyDir: string, stackId = STACK_ID): BundleSize[] {
  const template = JSON.parse(readFileSync(path.join(assemblyDir, `${stackId}.template.json`), 'utf8')) as {
    Resources: Record<string, TemplateResource>
  }
  const sizes: BundleSize[] = []
  for (const [logicalId, resource] of Object.entries(template.Resources)) {
    if (resource.Type !== 'AWS::Lambda::Function') continue
    const entry = resource.Properties?.Description
    const kind = typeof entry === 'string' ? kindOf(entry) : undefined
    const assetHash = /^([0-9a-f]{64})\.zip$/.exec(String(resource.Properties?.Code?.S3Key ?? ''))?.[1]
    if (!kind || typeof entry !== 'string' || !assetHash) continue
    const assetDir = path.join(assemblyDir, `asset.${assetHash}`)
    const bundle = path.join(assetDir, 'index.mjs')
    if (!existsSync(bundle)) {
      throw new Error(`${entry}: no bundle at ${bundle} (was the stack synthesized with bundling on?)`)
    }
    const sentry = path.join(assetDir, 'node_modules', ...SENTRY_MODULE.split('/'), 'index.mjs')
    sizes.push({
      entry,
      kind,
      logicalId,
      bytes: statSync(bundle).size,
      ...(existsSync(sentry) ? { sentryBytes: statSync(sentry).size } : {}),
    })
  }
  return sizes.sort((a, b) => a.entry.localeCompare(b.entry))
}

/** Synthesizes the stack into a temporary directory and measures it (for `npm run bench`). */
export function synthBundleSizes(context: Record<string, unknown> = {}): BundleSize[] {
  const outdir = mkdtempSync(path.join(tmpdir(), 'ses-studio-synth-'))
  try {
    const { app } = createSesStudioApp({
      context: { ...cdkJsonContext(), ...context },
      outdir,
      nag: false,
      cloudFormationValidation: false,
    })
    app.synth()
    return listBundleSizes(outdir)
  } finally {
    rmSync(outdir, { recursive: true, force: true })
  }
}

export function formatBundleSizes(sizes: BundleSize[]): string {
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`
  const width = Math.max(...sizes.map((size) => size.entry.length))
  return sizes
    .map((size) => {
      const budget =
        size.kind === 'http'
          ? ` (${((size.bytes / apiBundleBudget(size.entry)) * 100).toFixed(0)}% of ${kb(apiBundleBudget(size.entry))})`
          : ''
      const sentry = size.sentryBytes === undefined ? '' : ` + Sentry ${kb(size.sentryBytes)}`
      return `${size.entry.padEnd(width)}  ${kb(size.bytes).padStart(9)}${budget}${sentry}`
    })
    .join('\n')
}

function kindOf(entry: string): FunctionKind | undefined {
  if (entry.includes('/http/')) return 'http'
  if (entry.includes('/workers/')) return 'worker'
  if (entry.includes('/triggers/')) return 'trigger'
  return undefined
}

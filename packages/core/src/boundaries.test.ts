import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, it } from 'vitest'

const CORE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const ROOT = path.resolve(CORE, '../..')
const FIXTURE = path.join(CORE, 'test-fixtures/boundaries')

/**
 * `npm run lint:boundaries`' own configuration run on a miniature of the tree (test-fixtures/boundaries/README.md),
 * so a rule that stops seeing what it should (a path pattern, an `exclude` hiding packages) fails here.
 */
function lintFixture(): { status: number | null; output: string } {
  const result = spawnSync(
    process.execPath,
    [
      path.join(ROOT, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs'),
      '--config',
      path.join(CORE, '.dependency-cruiser.cjs'),
      '--output-type',
      'err',
      'packages',
      'functions',
    ],
    { cwd: FIXTURE, encoding: 'utf8' },
  )
  return { status: result.status, output: `${result.stdout}${result.stderr}` }
}

it('fails on another domain’s nested repository or inner module and on DynamoDB outside a repository, and only there', () => {
  const { status, output } = lintFixture()
  const violations = [...output.matchAll(/error ([a-z-]+): (\S+) → (\S+)/g)].map(
    ([, rule, from, to]) => `${rule}: ${from} → ${(to ?? '').replace(/^.*node_modules\//, '')}`,
  )
  expect(violations.sort()).toEqual([
    'domain-entered-through-public: functions/src/workers/uses-campaign-engine.ts → packages/core/src/campaigns/sending/engine.ts',
    'domain-entered-through-public: packages/core/src/billing/uses-campaign-engine.ts → packages/core/src/campaigns/sending/engine.ts',
    'dynamodb-only-in-repositories: functions/src/workers/calls-dynamodb.ts → @aws-sdk/client-dynamodb/dist-cjs/index.js',
    'dynamodb-only-in-repositories: packages/core/src/billing/calls-dynamodb.ts → @aws-sdk/lib-dynamodb/dist-cjs/index.js',
    'repo-private-to-core: functions/src/workers/reads-campaign-ledger.ts → packages/core/src/campaigns/sending/ledger.repo.ts',
    'repo-private-to-its-domain: packages/core/src/billing/reads-campaign-ledger.ts → packages/core/src/campaigns/sending/ledger.repo.ts',
  ])
  expect(status).toBe(6)
}, 60_000)

/**
 * Boundaries between core's domains (`npm run lint:boundaries`, part of `npm run lint`; run from the repository root).
 *
 * - A domain's repository (`<domain>/*.repo.ts`) is private to its folder: other domains, the functions and the local
 *   stack use what the domain deliberately exports (`<domain>/public.ts` for reads of its storage, its service
 *   modules for the rest). Tests may seed and inspect storage through a repository; they are not cruised.
 * - No import cycle between domain folders, nor between files.
 */
const CORE = 'packages/core/src'

/**
 * A data migration is run lazily by the domain whose data it moves (`ensureOrganizationMigrated` before any read),
 * and it uses that domain's own functions: aws-accounts ↔ migrations (`aws-account-publications`: duplicates merged
 * by `aws-accounts/duplicates.ts`). The pair goes when that migration is retired (every organization has its marker
 * and the lazy calls are removed). No other domain may join this list.
 */
const MIGRATION_CYCLES = [['migrations', 'aws-accounts']]

const partners = new Map()
for (const [a, b] of MIGRATION_CYCLES) {
  partners.set(a, [...(partners.get(a) ?? []), b])
  partners.set(b, [...(partners.get(b) ?? []), a])
}
const folder = (names) => `^${CORE}/(${names.join('|')})$`

const cycleRules = [
  {
    name: 'no-domain-cycles',
    comment: 'Domains depend one way: the lower never imports the higher (see packages/core/README.md).',
    severity: 'error',
    scope: 'folder',
    from: { path: `^${CORE}/[^/]+$`, ...(partners.size ? { pathNot: folder([...partners.keys()]) } : {}) },
    to: { path: `^${CORE}/[^/]+$`, circular: true },
  },
  ...[...partners].map(([name, allowed]) => ({
    name: 'no-domain-cycles',
    comment: `Domains depend one way; ${name} ↔ ${allowed.join(', ')} is allowed (see the lists above).`,
    severity: 'error',
    scope: 'folder',
    from: { path: folder([name]) },
    to: { path: `^${CORE}/[^/]+$`, pathNot: folder(allowed), circular: true },
  })),
]

module.exports = {
  forbidden: [
    {
      name: 'repo-private-to-its-domain',
      comment: "Use the domain's public.ts (or its service module) instead of another domain's repository.",
      severity: 'error',
      from: { path: `^${CORE}/([^/]+)/` },
      to: { path: `^${CORE}/[^/]+/[^/]+\\.repo\\.ts$`, pathNot: `^${CORE}/$1/` },
    },
    {
      name: 'repo-private-to-core',
      comment:
        "Functions and the local stack use a domain's public.ts or service module, never its repository.",
      severity: 'error',
      from: { pathNot: `^${CORE}/` },
      to: { path: `^${CORE}/[^/]+/[^/]+\\.repo\\.ts$` },
    },
    {
      name: 'no-circular',
      comment: 'No import cycle between files either.',
      severity: 'error',
      from: { path: `^${CORE}/` },
      to: { circular: true },
    },
    ...cycleRules,
  ],
  options: {
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'packages/core/tsconfig.json' },
    exclude: { path: ['node_modules', '\\.test\\.ts$'] },
    doNotFollow: { path: 'node_modules' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
    },
  },
}

/**
 * Boundaries between core's domains (`npm run lint:boundaries`, part of `npm run lint`; run from the repository root).
 *
 * - A repository (`*.repo.ts`, at any depth) is private to its domain, the top-level folder under core/src: a
 *   sub-folder's repository (`campaigns/sending/ledger.repo.ts`) is the whole domain's, not the sub-folder's. The
 *   domain is the unit that owns the storage (one `db/keys/<domain>.ts`, one purge declaration, one `public.ts`);
 *   a sub-folder is a part of it (the campaign purge deletes the engine's ledger), and a sub-folder's `public.ts`
 *   (`campaigns/sending/public.ts`) is a courtesy inside the domain, not a boundary. Tests may seed and inspect
 *   storage through a repository; they are not cruised.
 * - A domain is entered only through its `public.ts`: other domains, the functions, the local stack and core's own
 *   top-level files (`index.ts`, the registries) import nothing else of `<domain>/…` — neither a service module nor
 *   a sub-folder's `public.ts`. What they use is re-exported there by name (a service as a namespace, `Contacts`,
 *   for core's `index.ts`). A file that truly must be a second entry is listed in `EXTRA_ENTRIES` with its reason.
 *   The shared building blocks in `SHARED_FOLDERS` (the storage toolkit, the event outbox, the platform pieces,
 *   product mail) are not domains: each of their modules is an entry. A repository imported from outside is
 *   reported by the repository rules above, not twice.
 * - DynamoDB is called only by repositories (`*.repo.ts`) and the single-table toolkit (`db/`), whose client
 *   `aws.ts` creates: nothing else in core or the functions imports `@aws-sdk/lib-dynamodb` or
 *   `@aws-sdk/client-dynamodb`. `dynamo()` (from `aws.ts`) sends nothing without a command from those packages, so
 *   forbidding them is enough. `@aws-sdk/util-dynamodb` (marshalling, no calls) stays allowed: the stream decoder
 *   `events/stream.ts` unmarshalls the images Lambda hands it. The local stack is the stand-in of the
 *   infrastructure (it creates the table and plays the stream) and is not held to it. A file that truly must call
 *   DynamoDB elsewhere is listed in `DYNAMODB_OUTSIDE_REPOSITORIES` with its reason.
 * - No import cycle between domain folders, nor between files.
 */
const CORE = 'packages/core/src'
/** `<domain>/<name>.repo.ts` or `<domain>/<sub-folder …>/<name>.repo.ts`. */
const REPOSITORY = `^${CORE}/[^/]+/.+\\.repo\\.ts$`

/** Files outside repositories and db/ that may call DynamoDB, each with why (`path` is a regular expression). */
const DYNAMODB_OUTSIDE_REPOSITORIES = [
  { path: `^${CORE}/aws\\.ts$`, reason: 'creates the one DynamoDB document client every repository uses' },
]
const DYNAMODB_SDK = '(^|/)@aws-sdk/(lib-dynamodb|client-dynamodb)(/|$)'

/** Folders under core/src that are shared building blocks, not domains: any of their modules may be imported. */
const SHARED_FOLDERS = [
  {
    folder: 'db',
    reason: 'the single-table toolkit every repository builds on (keys, batch, transactions, cursor)',
  },
  {
    folder: 'events',
    reason: 'the outbox every domain emits to and the dispatcher that hands events to subscribers',
  },
  {
    folder: 'platform',
    reason: 'shared building blocks: rate limiter, idempotency, secret sealing, HMAC, retry, once marks',
  },
  { folder: 'mail', reason: "the product's own mail (one module), sent by several domains" },
]
/**
 * Entries of a domain besides its `public.ts`, each with why (`path` relative to core/src, a regular expression).
 * Keep it short: a new need is met by a name in `public.ts`.
 */
const EXTRA_ENTRIES = [
  {
    path: '(?!purge/)[^/]+/purge\\.ts|audience/(feedback-purge|import/purge)\\.ts',
    reason:
      "a domain's purge declarations (`purge.ts`, `feedback-purge.ts`, `import/purge.ts`), collected by " +
      '`purge-registry.ts`, which the purge engine imports: through `public.ts` the registry would import the ' +
      'services that start a purge, and they import the engine (a cycle)',
  },
  {
    path: 'purge/registry\\.ts',
    reason:
      'the declaration type and helpers each purge declaration uses: `purge/public.ts` carries the engine, which ' +
      'imports every declaration (a cycle)',
  },
  {
    path: 'aws-accounts/duplicates\\.ts',
    reason:
      'the lazy migration of `MIGRATION_CYCLES` merges duplicate connections with it: through `public.ts` it would ' +
      'import the services that run the migration (a file cycle). It goes with that migration',
  },
  {
    path: 'webhooks/wanted\\.ts',
    reason:
      'whether an endpoint wants an event type: the gate the audience and SES monitoring ask before writing ' +
      'high-volume events (it reads one record, W8). Through `public.ts` they would import the endpoint services, ' +
      'which start purges, whose registry imports campaigns and audience (a cycle)',
  },
  {
    path: '[^/]+/.+\\.fixture\\.ts',
    reason:
      "test fixtures (`audience/import/zip-archive.fixture.ts`): tests' code, which the local stack's `testing/` " +
      'hands to tests outside core; no production module imports one',
  },
]
const PUBLIC_ENTRY = `^${CORE}/[^/]+/public\\.ts$`

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
/** A module inside a domain folder (not a shared folder's). */
const DOMAIN_MODULE = `^${CORE}/(?!(${SHARED_FOLDERS.map((shared) => shared.folder).join('|')})/)[^/]+/`
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
      comment:
        "A repository, at any depth, is its domain's: use the domain's public.ts (or its service module) instead.",
      severity: 'error',
      from: { path: `^${CORE}/([^/]+)/` },
      to: { path: REPOSITORY, pathNot: `^${CORE}/$1/` },
    },
    {
      name: 'repo-private-to-core',
      comment:
        "Functions, the local stack and core's top-level files use a domain's public.ts or service module, never its repository.",
      severity: 'error',
      from: { pathNot: `^${CORE}/[^/]+/` },
      to: { path: REPOSITORY },
    },
    {
      name: 'domain-entered-through-public',
      comment:
        "Another domain's inner module: import what you need from its public.ts (add the name there), not from its files.",
      severity: 'error',
      from: { path: `^${CORE}/([^/]+)/` },
      to: {
        path: DOMAIN_MODULE,
        pathNot: [
          `^${CORE}/$1/`,
          PUBLIC_ENTRY,
          REPOSITORY,
          ...EXTRA_ENTRIES.map((entry) => `^${CORE}/(${entry.path})$`),
        ],
      },
    },
    {
      name: 'domain-entered-through-public',
      comment:
        "Functions, the local stack and core's top-level files enter a domain only through its public.ts (add the name there).",
      severity: 'error',
      from: { pathNot: `^${CORE}/[^/]+/` },
      to: {
        path: DOMAIN_MODULE,
        pathNot: [PUBLIC_ENTRY, REPOSITORY, ...EXTRA_ENTRIES.map((entry) => `^${CORE}/(${entry.path})$`)],
      },
    },
    {
      name: 'dynamodb-only-in-repositories',
      comment:
        "Call DynamoDB from the domain's repository (`<name>.repo.ts`, a new one beside the caller if none fits) or db/, never elsewhere.",
      severity: 'error',
      from: {
        path: [`^${CORE}/`, '^functions/src/'],
        pathNot: ['\\.repo\\.ts$', `^${CORE}/db/`, ...DYNAMODB_OUTSIDE_REPOSITORIES.map((file) => file.path)],
      },
      to: { path: DYNAMODB_SDK },
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
    // Tests are not cruised. Packages are not followed but stay visible as dependencies (an `exclude` would hide
    // them, and with them every DynamoDB import).
    exclude: { path: '\\.test\\.ts$' },
    doNotFollow: { path: 'node_modules' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
    },
  },
}

/**
 * Boundaries of the web app (npm run lint:frontend-boundaries). A feature is private to its folder: other features
 * may import only the modules it shares on purpose, listed in SHARED (paths inside the feature, without
 * extension). Deep imports of named modules, not barrels, so a lazy page pulls in only what it uses (bundle
 * budgets). To share something new, add it here; the README says why each entry exists.
 * `components/` and `lib/` are the app's building blocks: they import no feature and nothing of `app/`.
 */
const SHARED = {
  // usePermission: every feature asks the account's role through it (contracts' `can`); the team page draws
  // members' initials as the avatar menu does.
  account: ['account-display', 'account-state', 'api/account', 'use-permission'],
  'api-docs': ['api-docs-page'],
  audience: ['api/audience'],
  'aws-accounts': [
    'api/aws-accounts',
    'aws-account-display',
    'components/quota-gauge',
    'ses-status-display',
    'use-selected-aws-account',
  ],
  billing: ['billing-display', 'components/invoice-table', 'components/upgrade-prompt'],
  blocks: ['use-template-blocks'],
  blog: ['pages/blog-article', 'pages/blog-index'],
  // A contact's campaign activity (audience) and the dashboard home read the report queries and their wording;
  // the home lists recent campaigns with their status words.
  campaigns: ['api/campaigns', 'api/reports', 'campaign-display', 'report-display'],
  // The editor parts templates and blocks both use: shared as a whole.
  'email-editor': ['[^.]+'],
  'email-identities': ['api/email-identities', 'components/sender-field', 'sender-choice'],
  jobs: ['api/jobs', 'components/job-list', 'components/job-progress', 'job-display', 'use-job-tracker'],
  marketing: ['components/marketing[.]module', 'use-page-meta'],
  // GatedToolPage: the plan-and-permission gate of the organization's tools (API keys, webhooks).
  organizations: [
    'components/gated-tool-page',
    'components/plan-badge',
    'components/template-actions',
    'organization-display',
  ],
  // The campaign flow's SES events offer and the home's account health use monitoring's set-up and state.
  'ses-monitoring': [
    'api/ses-monitoring',
    'components/enable-monitoring',
    'monitoring-display',
    'monitoring-state',
  ],
  'ses-sync': ['api/ses-sync', 'ses-states'],
  templates: [
    'api/templates',
    'components/action-error',
    'diff/diff-view',
    'template-actions',
    'template-display',
    'visual/new-blocks',
    'visual/reusable-blocks',
    'visual/visual-editor',
  ],
}

const ROOT = '^frontend/src/'
const sharedPatterns = Object.entries(SHARED).map(
  ([feature, modules]) => `${ROOT}features/${feature}/(${modules.join('|')})[.](ts|tsx|css)$`,
)

module.exports = {
  forbidden: [
    {
      name: 'feature-private',
      comment:
        'A feature imports another feature only through what that one shares (SHARED in frontend/.dependency-cruiser.cjs).',
      severity: 'error',
      from: { path: `${ROOT}features/([^/]+)/` },
      to: {
        path: `${ROOT}features/([^/]+)/`,
        pathNot: [`${ROOT}features/$1/`, ...sharedPatterns],
      },
    },
    {
      name: 'building-blocks-below-features',
      comment: 'components/ and lib/ are used by features and app/, never the other way round.',
      severity: 'error',
      from: { path: `${ROOT}(components|lib)/` },
      to: { path: `${ROOT}(features|app)/` },
    },
    {
      name: 'features-below-app',
      comment: 'app/ (router, shell, route files) composes features; features do not reach into it.',
      severity: 'error',
      from: { path: `${ROOT}features/` },
      to: { path: `${ROOT}app/` },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '\\.test\\.tsx?$' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'frontend/tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.json'] },
  },
}

import { type AppConfig, AppConfigSchema } from '@app/contracts'

/** Locally, people at this (reserved, never delivered) domain count as the operator's staff. */
export const LOCAL_ADMIN_EMAIL_DOMAIN = 'admin.ses-studio.test'

/** `/app-config.json` for the local SPA: the local pool through the Cognito proxy, the API on the same origin. */
export function localAppConfig(options: {
  region: string
  userPoolId: string
  userPoolClientId: string
  cognitoEndpoint: string
  /** Addresses at this domain see the Admin Panel entry (app shell); e2e signs up such a user. */
  adminEmailDomain?: string
}): AppConfig {
  return AppConfigSchema.parse({
    region: options.region,
    userPoolId: options.userPoolId,
    userPoolClientId: options.userPoolClientId,
    userPoolEndpoint: options.cognitoEndpoint,
    googleSignIn: false,
    // Route paths are absolute (`/api/...`): the base only says "this origin", where Vite proxies /api.
    apiBaseUrl: '/',
    adminEmailDomain: options.adminEmailDomain ?? LOCAL_ADMIN_EMAIL_DOMAIN,
    stage: 'local',
  })
}

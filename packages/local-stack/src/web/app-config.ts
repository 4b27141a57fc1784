import { type AppConfig, AppConfigSchema } from '@app/contracts'

/** `/app-config.json` for the local SPA: the local pool through the Cognito proxy, the API on the same origin. */
export function localAppConfig(options: {
  region: string
  userPoolId: string
  userPoolClientId: string
  cognitoEndpoint: string
}): AppConfig {
  return AppConfigSchema.parse({
    region: options.region,
    userPoolId: options.userPoolId,
    userPoolClientId: options.userPoolClientId,
    userPoolEndpoint: options.cognitoEndpoint,
    googleSignIn: false,
    // Route paths are absolute (`/api/...`): the base only says "this origin", where Vite proxies /api.
    apiBaseUrl: '/',
    stage: 'local',
  })
}

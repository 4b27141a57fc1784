import { ENV } from '@app/contracts'

export interface AwsAccountsEnv {
  platformAccountId: string
  secretsKeyId: string
  templateUrl: string
  consoleUrl: string
}

let parsed: AwsAccountsEnv | undefined

/** What connecting customer accounts needs; read on first use so other routes never depend on it. */
export function awsAccountsEnv(): AwsAccountsEnv {
  if (parsed) return parsed
  const read = (name: string) => {
    const value = process.env[name]
    if (!value) throw new Error(`Invalid environment: ${name}`)
    return value
  }
  parsed = {
    platformAccountId: read(ENV.platformAccountId),
    secretsKeyId: read(ENV.secretsKeyId),
    templateUrl: read(ENV.customerRoleTemplateUrl),
    consoleUrl: (process.env[ENV.awsConsoleUrl] ?? 'https://console.aws.amazon.com').replace(/\/$/, ''),
  }
  return parsed
}

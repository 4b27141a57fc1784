import type { AwsAccount } from '@app/contracts'

export type MonitoringPhase = 'off' | 'confirming' | 'on'

export function monitoringPhase(account: Pick<AwsAccount, 'monitoring'>): MonitoringPhase {
  if (!account.monitoring) return 'off'
  return account.monitoring.state === 'ACTIVE' ? 'on' : 'confirming'
}

/** SNS usually confirms within seconds; after this long something is off and setting up again may repair it. */
export const SLOW_CONFIRMATION_MS = 2 * 60_000

/** How often the page reads the connection while SNS confirms: every 3 s, then every 15 s once it is slow. */
export function confirmationPollMs(waitedMs: number): number {
  return waitedMs < SLOW_CONFIRMATION_MS ? 3000 : 15_000
}

/** The connection's monitoring is waiting for SNS: how often to look again, or false when it is not waiting. */
export function confirmationRefetchInterval(
  accounts: readonly Pick<AwsAccount, 'id' | 'monitoring'>[] | undefined,
  awsAccountId: string,
  now: number,
): number | false {
  const monitoring = accounts?.find((account) => account.id === awsAccountId)?.monitoring
  if (monitoring?.state !== 'PENDING_CONFIRMATION') return false
  return confirmationPollMs(now - Date.parse(monitoring.enabledAt))
}

import type { ServerResponse } from 'node:http'

/**
 * GetAccount for the local operator account: out of the sandbox, sending enabled, SES's default production
 * quotas. The AWS-accounts work replaces this with per-account state (sandbox, quotas, enforcement).
 */
export function answerGetAccount(response: ServerResponse, sentLast24Hours: number): void {
  response.writeHead(200, { 'content-type': 'application/json' })
  response.end(
    JSON.stringify({
      DedicatedIpAutoWarmupEnabled: false,
      EnforcementStatus: 'HEALTHY',
      ProductionAccessEnabled: true,
      SendingEnabled: true,
      SendQuota: { Max24HourSend: 50_000, MaxSendRate: 14, SentLast24Hours: sentLast24Hours },
      SuppressionAttributes: { SuppressedReasons: ['BOUNCE', 'COMPLAINT'] },
    }),
  )
}

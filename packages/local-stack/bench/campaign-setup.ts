/**
 * What the campaign benches share: an organization on a paid plan with a connected customer AWS account of its
 * own (production access, the bench's MaxSendRate and daily quota, a verified sender domain), a topic of N
 * contacts written through core's `upsertContacts`, a campaign started through the engine's `startSending`, and
 * the figures read from the local SES's accept log (accept times and recipients) and send-call log.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { upsertContacts } from '@app/core/audience/public'
import { startSending } from '@app/core/campaigns/sending/public'
import { getRun, type RunRecord } from '@app/core/campaigns/sending/runs.repo'
import { ulid } from 'ulid'
import type { LocalStackConfig } from '../src/config'
import type { AcceptedMessage } from '../src/local-aws/ses/accept-log'
import {
  createLocalCustomerAccount,
  grantProductionAccess,
  type LocalAwsKeys,
  updateLocalSesAccount,
  verifyLocalIdentity,
} from '../src/testing/local-aws'
import { signUpOnPaidPlan } from './paid-organization'

export interface CampaignAccount {
  orgId: string
  awsAccountId: string
  keys: LocalAwsKeys
  domain: string
  api: Awaited<ReturnType<typeof signUpOnPaidPlan>>['api']
}

/** A paid organization with a key connection to a new local AWS account sending at `maxSendRate`. */
export async function campaignAccount(
  config: LocalStackConfig,
  limits: { maxSendRate: number; max24HourSend: number },
  sendSharePercent?: number,
): Promise<CampaignAccount> {
  const { api, orgId } = await signUpOnPaidPlan(config)
  const keys = await createLocalCustomerAccount(config)
  await grantProductionAccess(config, keys.accountId)
  await updateLocalSesAccount(config, keys.accountId, limits)
  const domain = `bench-${keys.accountId}.example.com`
  await verifyLocalIdentity(config, { accountId: keys.accountId, identity: domain })
  const created = await api.post<{ id: string }>(`/api/aws-accounts?organizationId=${orgId}`, {
    method: 'keys',
    region: config.region,
    accessKeyId: keys.accessKeyId,
    secretAccessKey: keys.secretAccessKey,
  })
  if (created.status !== 201)
    throw new Error(`POST /api/aws-accounts answered ${created.status}: ${JSON.stringify(created.body)}`)
  if (sendSharePercent !== undefined) {
    // The account's own setting, as a customer sets it: the limiter paces the campaigns by it.
    const shared = await api.patch(`/api/aws-accounts/${created.body.id}?organizationId=${orgId}`, {
      sendSharePercent,
    })
    if (shared.status !== 200)
      throw new Error(`PATCH /api/aws-accounts answered ${shared.status}: ${JSON.stringify(shared.body)}`)
  }
  return { orgId, awsAccountId: created.body.id, keys, domain, api }
}

/** A topic of `count` opted-in contacts (`<prefix>-<n>@example.com`), written 500 at a time. */
export async function topicOf(account: CampaignAccount, prefix: string, count: number) {
  const created = await account.api.post<{ id: string }>(`/api/topics?organizationId=${account.orgId}`, {
    name: `Bench ${prefix}`,
    defaultSubscriptionStatus: 'OPT_OUT',
  })
  if (created.status !== 201) throw new Error(`POST /api/topics answered ${created.status}`)
  const contactOf = new Map<string, string>()
  for (let start = 0; start < count; start += 500) {
    const rows = Array.from({ length: Math.min(500, count - start) }, (_, index) => ({
      email: `${prefix}-${start + index}@example.com`,
      firstName: `Reader ${start + index}`,
    }))
    const results = await upsertContacts(account.orgId, rows, {
      existing: 'skip',
      topicIds: [created.body.id],
      origin: { source: 'import' },
    })
    for (const result of results) contactOf.set(result.email, result.contactId as string)
  }
  return { topicId: created.body.id, contactOf }
}

/** Starts a campaign to the topic through the engine (the dispatch and send workers do the rest). */
export async function startCampaign(account: CampaignAccount, topicId: string): Promise<string> {
  const campaignId = ulid()
  await startSending(account.orgId, {
    id: campaignId,
    orgId: account.orgId,
    awsAccountId: account.awsAccountId,
    fromEmail: `news@${account.domain}`,
    fromName: 'Bench',
    replyTo: null,
    topicIds: [topicId],
    missingVariables: { mode: 'skip' },
    content: {
      templateId: ulid(),
      version: 1,
      subject: 'News for {{firstName}}',
      html: '<p>Hello {{firstName}}</p><p>1 Main St</p><a href="{{unsubscribeUrl}}">Unsubscribe</a>',
      text: 'Hello {{firstName}}\n{{unsubscribeUrl}}',
    },
  })
  return campaignId
}

/** Polls the run until `done` says so (every `everyMs`), or throws with the run's state at the deadline. */
export async function waitForRun(
  orgId: string,
  campaignId: string,
  done: (run: RunRecord) => boolean,
  options: { timeoutMs: number; everyMs?: number },
): Promise<RunRecord> {
  const until = Date.now() + options.timeoutMs
  for (;;) {
    const run = await getRun(orgId, campaignId)
    if (run && done(run)) return run
    if (Date.now() > until) throw new Error(`run ${campaignId} stuck: ${JSON.stringify(run)}`)
    await new Promise((resolve) => setTimeout(resolve, options.everyMs ?? 250))
  }
}

const byTime = (messages: AcceptedMessage[]) => [...messages].sort((a, b) => a.at - b.at)

/** The most recipients accepted in any one-second window [t, t + 1000). */
export function busiestSecond(messages: AcceptedMessage[]): number {
  const sorted = byTime(messages)
  let best = 0
  let sum = 0
  let start = 0
  for (const message of sorted) {
    sum += message.recipients.length
    while ((sorted[start]?.at ?? 0) <= message.at - 1000) sum -= sorted[start++]?.recipients.length ?? 0
    best = Math.max(best, sum)
  }
  return best
}

/**
 * Recipients per second over the steady part: from the accept of the 10th percentile recipient to that of the
 * 90th (the ramp-up — the ledger written, the first claims — and the tail are left out).
 */
export function steadyRate(messages: AcceptedMessage[]): number {
  const sorted = byTime(messages)
  const from = sorted[Math.floor(sorted.length * 0.1)]
  const to = sorted[Math.floor(sorted.length * 0.9)]
  if (!from || !to || to.at <= from.at) return 0
  const between = sorted.filter((message) => message.at >= from.at && message.at < to.at)
  const recipients = between.reduce((sum, message) => sum + message.recipients.length, 0)
  return recipients / ((to.at - from.at) / 1000)
}

/** CPU seconds used so far by this process and each of its descendants (by command name), from /proc. */
export function cpuSeconds(): Map<string, number> {
  const ticks = 100
  const processes = readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map((pid) => {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
        const close = stat.lastIndexOf(')')
        const fields = stat.slice(close + 2).split(' ')
        const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('DynamoDBLocal')
          ? 'DynamoDB Local'
          : stat.slice(stat.indexOf('(') + 1, close)
        return {
          pid: Number(pid),
          ppid: Number(fields[1]),
          command,
          seconds: (Number(fields[11]) + Number(fields[12])) / ticks,
        }
      } catch {
        return undefined
      }
    })
    .filter((entry) => entry !== undefined)
  const mine = new Set([process.pid])
  for (let grew = true; grew; ) {
    grew = false
    for (const entry of processes)
      if (!mine.has(entry.pid) && mine.has(entry.ppid)) {
        mine.add(entry.pid)
        grew = true
      }
  }
  const totals = new Map<string, number>()
  for (const entry of processes)
    if (mine.has(entry.pid)) {
      const name = entry.pid === process.pid ? 'bench (workers, API, stand-ins)' : entry.command
      totals.set(name, (totals.get(name) ?? 0) + entry.seconds)
    }
  return totals
}

export const row = (label: string, value: string) => console.log(`${label.padEnd(60)}${value.padStart(16)}`)

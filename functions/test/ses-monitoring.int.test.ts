import { randomUUID } from 'node:crypto'
import { SES_EVENTS_PATH } from '@app/contracts'
import { dynamo } from '@app/core/aws'
import { hourlyStatsPartition, organizationPartition } from '@app/core/db/keys'
import { queryShards } from '@app/core/db/shards'
import { tableName } from '@app/core/db/table'
import {
  createLocalCustomerAccount,
  injectLocalAwsFault,
  type LocalAwsKeys,
  signLocalSnsMessage,
  simulateLocalSesEngagement,
  verifyLocalIdentity,
} from '@app/local-stack/testing/local-aws'
import { GetConfigurationSetCommand, SESv2Client } from '@aws-sdk/client-sesv2'
import { GetTopicAttributesCommand, SNSClient } from '@aws-sdk/client-sns'
import { QueryCommand, ScanCommand } from '@aws-sdk/lib-dynamodb'
import { describe, expect, it } from 'vitest'
import { addMember, setSubscription } from './seed'
import { newUser, stack } from './stack'

type User = Awaited<ReturnType<typeof newUser>>

const SENDER = 'team@monitoring.example.com'

/** A Team organization with a verified key connection to an account of its own and a verified sender. */
async function teamWithAccount() {
  const owner = await newUser()
  const orgId: string = (await owner.api.get('/api/account')).body.organizations[0].id
  await setSubscription(orgId, 'TEAM_MONTHLY', 'active')
  const keys = await createLocalCustomerAccount(stack)
  await verifyLocalIdentity(stack, { accountId: keys.accountId, identity: SENDER })
  const created = await owner.api.post(`/api/aws-accounts?organizationId=${orgId}`, {
    method: 'keys',
    region: 'us-east-1',
    accessKeyId: keys.accessKeyId,
    secretAccessKey: keys.secretAccessKey,
  })
  expect(created.status, JSON.stringify(created.body)).toBe(201)
  return { owner, orgId, keys, awsAccountId: created.body.id as string }
}

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string): Promise<T> {
  const until = Date.now() + 15_000
  for (;;) {
    const value = await read()
    if (done(value)) return value
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value)}`)
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}

async function enableAndConfirm(owner: User, orgId: string, awsAccountId: string, eventTypes?: string[]) {
  const enabled = await owner.api.post(`/api/aws-accounts/${awsAccountId}/enable-monitoring`, {
    organizationId: orgId,
    ...(eventTypes ? { eventTypes } : {}),
  })
  expect(enabled.status, JSON.stringify(enabled.body)).toBe(200)
  const account = await waitFor(
    async () =>
      (await owner.api.get(`/api/aws-accounts?organizationId=${orgId}`)).body.items.find(
        (item: { id: string }) => item.id === awsAccountId,
      ),
    (item) => item?.monitoring?.state === 'ACTIVE',
    'the SNS subscription to be confirmed',
  )
  return account.monitoring as { topicArn: string; configurationSetName: string; confirmedAt: string }
}

const logsOf = (owner: User, orgId: string, awsAccountId: string, query = '') =>
  owner.api.get(`/api/aws-accounts/${awsAccountId}/logs?organizationId=${orgId}${query}`)

async function sendTest(owner: User, orgId: string, awsAccountId: string, email: string) {
  const sent = await owner.api.post('/api/templates/tests', {
    organizationId: orgId,
    awsAccountId,
    email,
    subject: `Monitoring ${email}`,
    content: '<p>Hello</p>',
    name: 'welcome',
  })
  expect(sent.status, JSON.stringify(sent.body)).toBe(201)
  return sent.body.messageId as string
}

function customerClients(keys: LocalAwsKeys) {
  // The SES stand-in throttles control-plane calls at 1/s per account, as SES does.
  const config = {
    maxAttempts: 8,
    retryMode: 'adaptive',
    region: 'us-east-1',
    credentials: { accessKeyId: keys.accessKeyId, secretAccessKey: keys.secretAccessKey },
  }
  return {
    ses: new SESv2Client({ ...config, endpoint: stack.aws.gatewayUrl }),
    sns: new SNSClient({ ...config, endpoint: stack.aws.gatewayUrl }),
  }
}

async function tableItemCount(): Promise<number> {
  let count = 0
  let ExclusiveStartKey: Record<string, unknown> | undefined
  do {
    const page = await dynamo().send(
      // What the dispatcher writes later for earlier calls' events (its subscribers' claims, the audit entries) is
      // left out: it may land in between. An event a post wrote would still count (its outbox item).
      new ScanCommand({
        TableName: tableName(),
        Select: 'COUNT',
        FilterExpression: 'attribute_not_exists(entity) OR NOT (entity IN (:audit, :claim))',
        ExpressionAttributeValues: { ':audit': 'AuditEntry', ':claim': 'SubscriberClaim' },
        ExclusiveStartKey,
      }),
    )
    count += page.Count ?? 0
    ExclusiveStartKey = page.LastEvaluatedKey
  } while (ExclusiveStartKey)
  return count
}

/** The 24 whole hours up to the end of the current one. */
const today = () => {
  const end = Math.ceil((Date.now() + 1) / 3_600_000) * 3_600_000
  const to = new Date(end).toISOString()
  const from = new Date(end - 24 * 3_600_000).toISOString()
  return `from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`
}

/** An SES event notification for `topicArn`, signed by the local SNS's key, as SNS would post it. */
function sesNotification(
  topicArn: string,
  event: { type: string; messageId: string; timestamp: string; recipient: string; extra?: object },
  fields: Record<string, string> = {},
) {
  return signLocalSnsMessage(stack, {
    Type: 'Notification',
    MessageId: randomUUID(),
    TopicArn: topicArn,
    Timestamp: new Date().toISOString(),
    Message: JSON.stringify({
      eventType: event.type,
      mail: {
        timestamp: event.timestamp,
        messageId: event.messageId,
        source: SENDER,
        destination: [event.recipient],
        commonHeaders: { subject: `About ${event.messageId}` },
        tags: {},
      },
      ...event.extra,
    }),
    ...fields,
  })
}

const postEvent = (body: string) =>
  fetch(`${stack.apiUrl}${SES_EVENTS_PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'text/plain; charset=UTF-8' },
    body,
  })

describe('monitoring end to end through the local AWS', () => {
  it('enables, confirms over signed SNS, logs test sends with their delivery, bounce and complaint', async () => {
    const { owner, orgId, keys, awsAccountId } = await teamWithAccount()
    const monitoring = await enableAndConfirm(owner, orgId, awsAccountId)
    expect(monitoring.topicArn).toMatch(
      new RegExp(`^arn:aws:sns:us-east-1:${keys.accountId}:ses-studio-events-`),
    )

    const { ses } = customerClients(keys)
    const set = await ses.send(
      new GetConfigurationSetCommand({ ConfigurationSetName: monitoring.configurationSetName }),
    )
    expect(set.ConfigurationSetName).toBe(monitoring.configurationSetName)

    const delivered = await sendTest(owner, orgId, awsAccountId, SENDER)
    const bounced = await sendTest(owner, orgId, awsAccountId, 'bounce@simulator.amazonses.com')
    const complained = await sendTest(owner, orgId, awsAccountId, 'complaint@simulator.amazonses.com')
    await simulateLocalSesEngagement(stack, { messageId: delivered, type: 'OPEN' })
    await simulateLocalSesEngagement(stack, { messageId: delivered, type: 'OPEN' })
    await simulateLocalSesEngagement(stack, {
      messageId: delivered,
      type: 'CLICK',
      link: 'https://example.com/x',
    })

    const logs = await waitFor(
      async () => (await logsOf(owner, orgId, awsAccountId)).body,
      (body) =>
        body.items?.length === 3 &&
        body.items.find((log: { messageId: string }) => log.messageId === delivered)?.clicks === 1 &&
        body.items.find((log: { messageId: string }) => log.messageId === delivered)?.opens === 2 &&
        body.items.find((log: { messageId: string }) => log.messageId === complained)?.status ===
          'COMPLAINED',
      'the events to be logged',
    )
    const byId = Object.fromEntries(logs.items.map((log: { messageId: string }) => [log.messageId, log]))
    expect(byId[delivered]).toMatchObject({
      status: 'CLICKED',
      recipients: [SENDER],
      subject: `Monitoring ${SENDER}`,
      template: 'welcome',
      from: SENDER,
      detail: 'https://example.com/x',
    })
    expect(byId[delivered].events.map((event: { type: string }) => event.type)).toEqual([
      'SEND',
      'DELIVERY',
      'OPEN',
      'CLICK',
    ])
    expect(byId[bounced]).toMatchObject({ status: 'BOUNCED' })
    expect(byId[bounced].detail).toContain('Permanent')
    expect(byId[complained].events.map((event: { type: string }) => event.type)).toContain('DELIVERY')

    const combined = await owner.api.get(
      `/api/aws-accounts/${awsAccountId}/reports/resolved-statuses-combined?organizationId=${orgId}&${today()}`,
    )
    expect(combined.status, JSON.stringify(combined.body)).toBe(200)
    expect(combined.body.totals).toMatchObject({
      sent: 3,
      delivered: 2,
      bounced: 1,
      complained: 1,
      opened: 1,
      clicked: 1,
    })
    expect(combined.body.rates).toMatchObject({
      delivery: 2 / 3,
      bounce: 1 / 3,
      complaint: 1 / 3,
      open: 0.5,
      click: 0.5,
    })
    expect(combined.body.reputation).toEqual({ bounce: 'pause', complaint: 'pause' })

    const series = await owner.api.get(
      `/api/aws-accounts/${awsAccountId}/reports/resolved-statuses-time-series?organizationId=${orgId}&granularity=hour&${today()}`,
    )
    expect(series.status, JSON.stringify(series.body)).toBe(200)
    expect(series.body.buckets).toHaveLength(24)
    const summed = series.body.buckets.reduce(
      (total: number, bucket: { counts: { sent: number } }) => total + bucket.counts.sent,
      0,
    )
    expect(summed).toBe(3)
  })

  it('disables by removing exactly what it created; logs stay; disabling again says it is off', async () => {
    const { owner, orgId, keys, awsAccountId } = await teamWithAccount()
    const monitoring = await enableAndConfirm(owner, orgId, awsAccountId, ['SEND', 'DELIVERY'])
    await sendTest(owner, orgId, awsAccountId, SENDER)
    await waitFor(
      async () => (await logsOf(owner, orgId, awsAccountId)).body.items ?? [],
      (logs) => logs[0]?.status === 'DELIVERED',
      'the delivery',
    )
    // A plan change does not stop anyone removing what monitoring created in their account.
    await setSubscription(orgId, 'START', 'active')
    const disabled = await owner.api.post(`/api/aws-accounts/${awsAccountId}/disable-monitoring`)
    expect(disabled.status, JSON.stringify(disabled.body)).toBe(200)
    expect(disabled.body.monitoring).toBeNull()

    const { ses, sns } = customerClients(keys)
    await expect(
      ses.send(new GetConfigurationSetCommand({ ConfigurationSetName: monitoring.configurationSetName })),
    ).rejects.toMatchObject({ name: 'NotFoundException' })
    await expect(
      sns.send(new GetTopicAttributesCommand({ TopicArn: monitoring.topicArn })),
    ).rejects.toMatchObject({
      name: 'NotFoundException',
    })

    const again = await owner.api.post(`/api/aws-accounts/${awsAccountId}/disable-monitoring`)
    expect(again.status).toBe(409)
    expect(again.body.error.code).toBe('monitoring.not_enabled')

    // Test sends no longer name the removed configuration set.
    await sendTest(owner, orgId, awsAccountId, SENDER)
    await setSubscription(orgId, 'TEAM_MONTHLY', 'active')
    expect((await logsOf(owner, orgId, awsAccountId)).body.items).toHaveLength(1)
  })

  it('removes what a failed first enabling created and reports the AWS refusal', async () => {
    const { owner, orgId, keys, awsAccountId } = await teamWithAccount()
    await injectLocalAwsFault(stack, {
      accountId: keys.accountId,
      service: 'ses',
      operation: 'CreateConfigurationSet',
      error: 'AccessDeniedException',
      message: `User: arn:aws:iam::${keys.accountId}:user/x is not authorized to perform: ses:CreateConfigurationSet`,
    })
    const refused = await owner.api.post(`/api/aws-accounts/${awsAccountId}/enable-monitoring`, {
      organizationId: orgId,
    })
    expect(refused.status).toBe(403)
    expect(refused.body.error).toMatchObject({ code: 'aws.access_denied' })
    expect(refused.body.error.message).toContain('ses:CreateConfigurationSet')
    const account = (await owner.api.get(`/api/aws-accounts?organizationId=${orgId}`)).body.items[0]
    expect(account.monitoring).toBeNull()
    const { sns } = customerClients(keys)
    const topicArn = `arn:aws:sns:us-east-1:${keys.accountId}:ses-studio-events-${awsAccountId.toLowerCase()}`
    await expect(sns.send(new GetTopicAttributesCommand({ TopicArn: topicArn }))).rejects.toMatchObject({
      name: 'NotFoundException',
    })
  })
})

describe('deleting a monitored AWS account', () => {
  it('takes monitoring out of the customer account and lets the purge worker remove its logs', {
    timeout: 60_000,
  }, async () => {
    const { owner, orgId, keys, awsAccountId } = await teamWithAccount()
    const { topicArn, configurationSetName } = await enableAndConfirm(owner, orgId, awsAccountId, ['SEND'])
    for (let index = 0; index < 3; index++) {
      const event = {
        type: 'Send',
        messageId: randomUUID(),
        timestamp: new Date().toISOString(),
        recipient: 'a@b.io',
      }
      expect((await postEvent(await sesNotification(topicArn, event))).status).toBe(204)
    }
    const logItems = () =>
      dynamo()
        .send(
          new QueryCommand({
            TableName: tableName(),
            KeyConditionExpression: 'PK = :pk',
            FilterExpression: 'awsAccountId = :id',
            ExpressionAttributeValues: { ':pk': organizationPartition(orgId), ':id': awsAccountId },
          }),
        )
        .then((page) => page.Items?.length ?? 0)
    // The hourly counts live in the organization's sharded stats partitions.
    const statsItems = () =>
      queryShards(hourlyStatsPartition(orgId), { sk: { beginsWith: `${awsAccountId}#` } }).then(
        (items) => items.length,
      )
    const stored = async () => (await logItems()) + (await statsItems())
    expect(await logItems()).toBe(3)
    expect(await statsItems()).toBeGreaterThan(0)

    expect((await owner.api.delete(`/api/aws-accounts/${awsAccountId}`)).status).toBe(204)
    const { ses, sns } = customerClients(keys)
    await expect(sns.send(new GetTopicAttributesCommand({ TopicArn: topicArn }))).rejects.toMatchObject({
      name: 'NotFoundException',
    })
    await expect(
      ses.send(new GetConfigurationSetCommand({ ConfigurationSetName: configurationSetName })),
    ).rejects.toMatchObject({ name: 'NotFoundException' })
    await expect.poll(stored, { timeout: 30_000, interval: 250 }).toBe(0)
    // A late event for the deleted connection is refused and stored nowhere.
    const late = {
      type: 'Send',
      messageId: randomUUID(),
      timestamp: new Date().toISOString(),
      recipient: 'a@b.io',
    }
    expect((await postEvent(await sesNotification(topicArn, late))).status).toBe(404)
    expect(await stored()).toBe(0)
  })
})

describe('deleting an organization with a monitored AWS account', () => {
  it('takes monitoring out of the customer account (organization.deleted) and removes every item', {
    timeout: 60_000,
  }, async () => {
    const { owner, orgId, keys, awsAccountId } = await teamWithAccount()
    const { topicArn, configurationSetName } = await enableAndConfirm(owner, orgId, awsAccountId, ['SEND'])

    expect((await owner.api.delete(`/api/organizations/${orgId}`)).status).toBe(204)
    const { ses, sns } = customerClients(keys)
    await expect
      .poll(
        () =>
          sns.send(new GetTopicAttributesCommand({ TopicArn: topicArn })).then(
            () => 'present',
            (error: Error) => error.name,
          ),
        { timeout: 30_000, interval: 250 },
      )
      .toBe('NotFoundException')
    await expect(
      ses.send(new GetConfigurationSetCommand({ ConfigurationSetName: configurationSetName })),
    ).rejects.toMatchObject({ name: 'NotFoundException' })
    const remaining = () =>
      dynamo()
        .send(
          new QueryCommand({
            TableName: tableName(),
            KeyConditionExpression: 'PK = :pk',
            ExpressionAttributeValues: { ':pk': organizationPartition(orgId) },
            Select: 'COUNT',
          }),
        )
        .then((page) => page.Count ?? 0)
    await expect.poll(remaining, { timeout: 30_000, interval: 250 }).toBe(0)
  })
})

describe('the public SES events endpoint', () => {
  it('refuses forged, tampered, stale and unknown-topic posts and stores nothing', async () => {
    const { owner, orgId, awsAccountId } = await teamWithAccount()
    const { topicArn } = await enableAndConfirm(owner, orgId, awsAccountId, ['SEND'])
    const event = {
      type: 'Send',
      messageId: randomUUID(),
      timestamp: new Date().toISOString(),
      recipient: 'a@b.io',
    }
    const genuine = JSON.parse(await sesNotification(topicArn, event))
    const before = await tableItemCount()

    const attempts: [string, string, number][] = [
      [
        'tampered message',
        JSON.stringify({ ...genuine, Message: genuine.Message.replace('a@b.io', 'x@y.io') }),
        400,
      ],
      ['signature of another message', JSON.stringify({ ...genuine, MessageId: randomUUID() }), 400],
      [
        'certificate elsewhere',
        JSON.stringify({ ...genuine, SigningCertURL: 'https://evil.example/cert.pem' }),
        400,
      ],
      ['no signature', JSON.stringify({ ...genuine, Signature: undefined }), 400],
      ['not JSON', 'hello', 400],
      [
        'stale',
        await sesNotification(topicArn, event, {
          Timestamp: new Date(Date.now() - 2 * 86_400_000).toISOString(),
        }),
        400,
      ],
      [
        'unknown topic',
        await sesNotification(topicArn.replace(/ses-studio-events-\w+$/, 'someone-elses-topic'), event),
        404,
      ],
    ]
    for (const [what, body, status] of attempts) {
      const response = await postEvent(body)
      expect(response.status, what).toBe(status)
      const answer = (await response.json()) as { error: { code: string } }
      expect(answer.error.code, what).toBe(
        status === 404 ? 'ses_events.unknown_topic' : 'webhook.invalid_signature',
      )
    }
    expect(await tableItemCount()).toBe(before)
    expect((await logsOf(owner, orgId, awsAccountId)).body.items).toEqual([])
  })

  it('counts a redelivered message once', async () => {
    const { owner, orgId, awsAccountId } = await teamWithAccount()
    const { topicArn } = await enableAndConfirm(owner, orgId, awsAccountId, ['SEND'])
    const signed = await sesNotification(topicArn, {
      type: 'Send',
      messageId: randomUUID(),
      timestamp: new Date().toISOString(),
      recipient: 'a@b.io',
    })
    expect((await postEvent(signed)).status).toBe(204)
    const after = await tableItemCount()
    expect((await postEvent(signed)).status).toBe(204)
    expect(await tableItemCount()).toBe(after)
    const combined = await owner.api.get(
      `/api/aws-accounts/${awsAccountId}/reports/resolved-statuses-combined?organizationId=${orgId}&${today()}`,
    )
    expect(combined.body.totals.sent).toBe(1)
  })
})

describe('message logs', () => {
  it('pages newest first with a cursor, filters by status and recipient', async () => {
    const { owner, orgId, awsAccountId } = await teamWithAccount()
    const { topicArn } = await enableAndConfirm(owner, orgId, awsAccountId, ['SEND', 'BOUNCE'])
    const start = Date.now() - 3_600_000
    const ids: string[] = []
    for (let index = 0; index < 30; index++) {
      const messageId = `msg-${String(index).padStart(2, '0')}`
      ids.push(messageId)
      const event = {
        messageId,
        timestamp: new Date(start + index * 60_000).toISOString(),
        recipient: index % 10 === 0 ? 'Special@Example.com' : `r${index}@example.com`,
      }
      expect(await postEvent(await sesNotification(topicArn, { ...event, type: 'Send' }))).toMatchObject({
        status: 204,
      })
      if (index % 3 === 0) {
        const bounce = {
          bounce: { bounceType: 'Permanent', bounceSubType: 'General', bouncedRecipients: [] },
        }
        expect(
          (await postEvent(await sesNotification(topicArn, { ...event, type: 'Bounce', extra: bounce })))
            .status,
        ).toBe(204)
      }
    }
    const first = await logsOf(owner, orgId, awsAccountId, '&limit=25')
    expect(first.status, JSON.stringify(first.body)).toBe(200)
    expect(first.body.items.map((log: { messageId: string }) => log.messageId)).toEqual(
      ids.slice(5).reverse(),
    )
    expect(first.body.nextCursor).toEqual(expect.any(String))
    const second = await logsOf(owner, orgId, awsAccountId, `&limit=25&cursor=${first.body.nextCursor}`)
    expect(second.body.items.map((log: { messageId: string }) => log.messageId)).toEqual(
      ids.slice(0, 5).reverse(),
    )
    expect(second.body.nextCursor).toBeNull()

    const bounced = await logsOf(owner, orgId, awsAccountId, '&limit=25&status=BOUNCED')
    expect(bounced.body.items).toHaveLength(10)
    expect(bounced.body.items.every((log: { status: string }) => log.status === 'BOUNCED')).toBe(true)
    const sentOnly = await logsOf(owner, orgId, awsAccountId, '&limit=100&status=SENT')
    expect(sentOnly.body.items).toHaveLength(20)
    const special = await logsOf(
      owner,
      orgId,
      awsAccountId,
      `&recipient=${encodeURIComponent('special@example.com')}`,
    )
    expect(special.body.items.map((log: { messageId: string }) => log.messageId)).toEqual([
      'msg-20',
      'msg-10',
      'msg-00',
    ])

    // Days by the caller's zone: every sent message lands in a bucket.
    const days = await owner.api.get(
      `/api/aws-accounts/${awsAccountId}/reports/resolved-statuses-time-series?organizationId=${orgId}&granularity=day&timeZone=Asia%2FTokyo&${today()}`,
    )
    expect(days.status).toBe(200)
    expect(
      days.body.buckets.reduce(
        (total: number, bucket: { counts: { sent: number; bounced: number } }) => total + bucket.counts.sent,
        0,
      ),
    ).toBe(30)
  })

  it('refuses bad queries and foreign cursors, and hides other organizations’ accounts', async () => {
    const { owner, orgId, awsAccountId } = await teamWithAccount()
    const other = await teamWithAccount()
    const foreignCursor = Buffer.from(`LOG#${other.awsAccountId}#2026`).toString('base64url')
    const bad = [
      '&limit=7',
      '&status=LOST',
      '&recipient=not-an-email',
      `&cursor=${foreignCursor}`,
      '&extra=1',
    ]
    for (const query of bad) {
      const response = await logsOf(owner, orgId, awsAccountId, query)
      expect(response.status, query).toBe(400)
      expect(response.body.error.code, query).toBe('request.invalid')
    }
    const reports = `/api/aws-accounts/${awsAccountId}/reports`
    const badReports = [
      `${reports}/resolved-statuses-combined?organizationId=${orgId}&from=2026-01-01T00:00:00Z&to=2025-01-01T00:00:00Z`,
      `${reports}/resolved-statuses-combined?organizationId=${orgId}&from=2025-01-01T00:00:00Z&to=2026-01-01T00:00:00Z`,
      `${reports}/resolved-statuses-time-series?organizationId=${orgId}&granularity=hour&from=2026-01-01T00:00:00Z&to=2026-02-01T00:00:00Z`,
      `${reports}/resolved-statuses-time-series?organizationId=${orgId}&${today()}&timeZone=Mars%2FOlympus`,
      `${reports}/resolved-statuses-time-series?organizationId=${orgId}&${today()}&granularity=week`,
    ]
    for (const path of badReports) {
      const response = await owner.api.get(path)
      expect(response.status, path).toBe(400)
    }
    const enable = `/api/aws-accounts/${awsAccountId}/enable-monitoring`
    for (const body of [
      { organizationId: orgId, eventTypes: [] },
      { organizationId: orgId, eventTypes: ['SEND', 'SEND'] },
      { organizationId: orgId, eventTypes: ['OPENED'] },
    ]) {
      const response = await owner.api.post(enable, body)
      expect(response.status, JSON.stringify(body)).toBe(400)
    }
    expect(
      (await owner.api.get(`/api/aws-accounts?organizationId=${orgId}`)).body.items[0].monitoring,
    ).toBeNull()

    // Another organization's account: 404, even when naming one's own (Team) organization for the plan gate.
    expect((await logsOf(owner, orgId, other.awsAccountId)).status).toBe(404)
    expect((await logsOf(other.owner, other.orgId, awsAccountId)).status).toBe(404)
    expect(
      (
        await owner.api.post(`/api/aws-accounts/${other.awsAccountId}/enable-monitoring`, {
          organizationId: orgId,
        })
      ).status,
    ).toBe(404)
    expect((await owner.api.post(`/api/aws-accounts/${other.awsAccountId}/disable-monitoring`)).status).toBe(
      404,
    )

    // Members read logs but do not switch monitoring.
    const member = await newUser()
    await addMember(orgId, member.sub, 'MEMBER')
    expect((await logsOf(member, orgId, awsAccountId)).status).toBe(200)
    expect((await member.api.post(enable, { organizationId: orgId })).status).toBe(403)
  })
})

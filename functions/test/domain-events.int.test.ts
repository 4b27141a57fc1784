/**
 * The events other domains consume (notifications, the audit log, webhooks): written in the transaction of the
 * change they report, once per fact, with what their subscribers need.
 */

import { dynamo } from '@app/core/aws'
import { tableName } from '@app/core/db/table'
import { OUTBOX_ENTITY } from '@app/core/events/outbox'
import { ScanCommand } from '@aws-sdk/lib-dynamodb'
import { describe, expect, it } from 'vitest'
import { createTemplate, orgWithAccount, waitForJob } from './ses-sync-helpers'

/** The outbox items of one organization and type (the test table is small enough to scan). */
async function eventsOf(orgId: string, type: string) {
  const found: Record<string, unknown>[] = []
  let ExclusiveStartKey: Record<string, unknown> | undefined
  do {
    const page = await dynamo().send(
      new ScanCommand({
        TableName: tableName(),
        FilterExpression: 'entity = :entity AND organizationId = :org AND #type = :type',
        ExpressionAttributeNames: { '#type': 'type' },
        ExpressionAttributeValues: { ':entity': OUTBOX_ENTITY, ':org': orgId, ':type': type },
        ConsistentRead: true,
        ExclusiveStartKey,
      }),
    )
    found.push(...(page.Items ?? []))
    ExclusiveStartKey = page.LastEvaluatedKey
  } while (ExclusiveStartKey)
  return found.map((item) => item.payload as Record<string, unknown>)
}

describe('domain events', () => {
  it('reports template.published once per published version, and job.finished once per job', async () => {
    const { owner, orgId, awsAccountId, q } = await orgWithAccount()
    const template = await createTemplate(owner, orgId, 'events_welcome')

    const publish = async () => {
      const started = await owner.api.patch(`/api/ses?${q}`, { templateIds: [template.id] })
      expect(started.status, JSON.stringify(started.body)).toBe(202)
      const job = await waitForJob(owner, orgId, started.body.id)
      expect(job.status).toBe('succeeded')
      return job.id as string
    }
    const firstJob = await publish()
    expect(await eventsOf(orgId, 'template.published')).toEqual([
      {
        templateId: template.id,
        version: template.version,
        sesName: 'events_welcome',
        awsAccountId,
        region: 'us-east-1',
        jobId: firstJob,
      },
    ])

    // The same version again: SES already holds it, nothing new is live, nothing is reported.
    const secondJob = await publish()
    expect(await eventsOf(orgId, 'template.published')).toHaveLength(1)

    const finished = await eventsOf(orgId, 'job.finished')
    expect(finished).toHaveLength(2)
    expect(finished.find((payload) => payload.jobId === secondJob)).toEqual({
      jobId: secondJob,
      kind: 'ses.publish',
      status: 'succeeded',
      counts: { total: 1, done: 1, succeeded: 1, failed: 0 },
      createdBy: owner.sub,
    })
  })
})

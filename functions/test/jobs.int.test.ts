import { JobRunner, Jobs, SesJobs } from '@app/core'
import { dynamo } from '@app/core/aws'
import { jobKey, templateKey } from '@app/core/db/keys'
import { tableName } from '@app/core/db/table'
import * as JobsRepo from '@app/core/jobs/jobs.repo'
import { takeSlot } from '@app/core/jobs/pacer'
import { CreateEmailTemplateCommand, ListEmailTemplatesCommand } from '@aws-sdk/client-sesv2'
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb'
import { ulid } from 'ulid'
import { describe, expect, it } from 'vitest'
import { createTemplate, orgWithAccount, sesContent, waitForJob } from './ses-sync-helpers'

const handlers = SesJobs.sesJobHandlers

class SimulatedCrash extends Error {}

/** A job written as the API writes it, but not enqueued: the test plays the worker's deliveries itself. */
async function unqueuedJob(
  setup: Awaited<ReturnType<typeof orgWithAccount>>,
  kind: 'ses.publish' | 'ses.import',
  items: { key: string; label: string; templateId?: string }[],
) {
  const id = ulid()
  const account = (await setup.owner.api.get('/api/account')).body
  await JobsRepo.createJob(
    {
      id,
      orgId: setup.orgId,
      kind,
      awsAccountId: setup.awsAccountId,
      status: 'queued',
      counts: { total: items.length, done: 0, succeeded: 0, failed: 0 },
      createdAt: new Date().toISOString(),
      startedAt: null,
      finishedAt: null,
      createdBy: { type: 'user', accountId: account.id, email: account.email },
    },
    items.map((item, index) => ({ jobId: id, index, status: 'pending', ...item })),
  )
  return { orgId: setup.orgId, jobId: id }
}

/** What SQS does once the visibility timeout (900 s) has passed: by then the crashed slice's lease is over. */
async function expireLease(orgId: string, jobId: string) {
  await dynamo().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: jobKey(orgId, jobId),
      UpdateExpression: 'SET leaseUntil = :past',
      ExpressionAttributeValues: { ':past': Date.now() - 1 },
    }),
  )
}

const minute = () => Date.now() + 60_000

describe('background jobs', () => {
  it('survives a crash after a publish reached SES but before its result was recorded: redelivered, it checks SES and publishes nothing twice', async () => {
    const setup = await orgWithAccount()
    const templates = [
      await createTemplate(setup.owner, setup.orgId, 'crash_a'),
      await createTemplate(setup.owner, setup.orgId, 'crash_b'),
      await createTemplate(setup.owner, setup.orgId, 'crash_c'),
    ]
    const message = await unqueuedJob(
      setup,
      'ses.publish',
      templates.map((template) => ({ key: template.id, label: template.name })),
    )
    await expect(
      JobRunner.runJobSlice(message, {
        handlers,
        deadline: minute(),
        owner: 'first-delivery',
        afterItem: (item) => {
          if (item.index === 1) throw new SimulatedCrash('the worker died here')
        },
      }),
    ).rejects.toBeInstanceOf(SimulatedCrash)

    // crash_b is in SES, but the job only knows crash_a is done.
    expect(await sesContent(setup.ses, 'crash_b')).not.toBeNull()
    let items = await JobsRepo.listItems(setup.orgId, message.jobId)
    expect(items.map((item) => [item.status, item.attemptedAt !== undefined])).toEqual([
      ['succeeded', true],
      ['pending', true],
      ['pending', false],
    ])
    // While the crashed slice's lease lasts, another delivery stands back.
    expect(await JobRunner.runJobSlice(message, { handlers, deadline: minute(), owner: 'early' })).toBe(
      'busy',
    )

    await expireLease(message.orgId, message.jobId)
    await Jobs.enqueueJob(message)
    const job = await waitForJob(setup.owner, setup.orgId, message.jobId)
    // A blind repeat of crash_b's CreateEmailTemplate would have failed with ses.name_taken.
    expect(job.status).toBe('succeeded')
    expect(job.counts).toEqual({ total: 3, done: 3, succeeded: 3, failed: 0 })
    items = await JobsRepo.listItems(setup.orgId, message.jobId)
    expect(items.every((item) => item.status === 'succeeded')).toBe(true)
    for (const template of templates) {
      expect(await sesContent(setup.ses, template.name)).toEqual({
        subject: template.subject,
        html: template.html,
        text: template.textPart,
      })
    }
  }, 90_000)

  it('survives a crash after an import created its template: the retry links it and spends no second START action', async () => {
    const setup = await orgWithAccount('START')
    for (const name of ['import_a', 'import_b', 'import_c'])
      await setup.ses.send(
        new CreateEmailTemplateCommand({
          TemplateName: name,
          TemplateContent: { Subject: `Hi ${name}`, Html: `<p>${name}</p>`, Text: name },
        }),
      )
    const items = ['import_a', 'import_b', 'import_c'].map((name) => ({
      key: name,
      label: name,
      templateId: ulid(),
    }))
    const message = await unqueuedJob(setup, 'ses.import', items)
    await expect(
      JobRunner.runJobSlice(message, {
        handlers,
        deadline: minute(),
        owner: 'first-delivery',
        afterItem: (item) => {
          if (item.index === 1) throw new SimulatedCrash('the worker died here')
        },
      }),
    ).rejects.toBeInstanceOf(SimulatedCrash)
    const account = async () =>
      (await setup.owner.api.get('/api/account')).body.organizations.find(
        (org: { id: string }) => org.id === setup.orgId,
      ).availableActions
    expect(await account()).toBe(3)

    await expireLease(message.orgId, message.jobId)
    const outcome = await JobRunner.runJobSlice(message, {
      handlers,
      deadline: minute(),
      owner: 'redelivery',
    })
    expect(outcome).toBe('done')
    const job = await waitForJob(setup.owner, setup.orgId, message.jobId)
    expect(job.status).toBe('succeeded')
    expect(job.items.map((item: { templateId: string }) => item.templateId)).toEqual(
      items.map((item) => item.templateId),
    )
    // Three templates, three actions: import_b was created once.
    expect(await account()).toBe(2)
    const listed = (await setup.owner.api.get(`/api/templates?organizationId=${setup.orgId}`)).body.items
    expect(listed.map((template: { name: string }) => template.name).sort()).toEqual([
      'import_a',
      'import_b',
      'import_c',
    ])
    const overview = (await setup.owner.api.get(`/api/ses?${setup.q}`)).body
    expect(overview.sesTemplates.map((row: { state: string }) => row.state)).toEqual([
      'in_sync',
      'in_sync',
      'in_sync',
    ])
    const head = await dynamo().send(
      new GetCommand({ TableName: tableName(), Key: templateKey(setup.orgId, items[1]?.templateId ?? '') }),
    )
    expect(head.Item?.version).toBe(1)
  }, 90_000)

  it('works in slices: a slice stops at its deadline and the continuation finishes the job', async () => {
    const setup = await orgWithAccount()
    const templates = []
    for (const name of ['slice_a', 'slice_b', 'slice_c', 'slice_d'])
      templates.push(await createTemplate(setup.owner, setup.orgId, name))
    const message = await unqueuedJob(
      setup,
      'ses.publish',
      templates.map((template) => ({ key: template.id, label: template.name })),
    )
    // 1 call/s: a 2.5 s slice publishes two or three, then hands on.
    const outcome = await JobRunner.runJobSlice(message, {
      handlers,
      deadline: Date.now() + 2_500,
      owner: 'slice-1',
    })
    expect(outcome).toBe('more')
    const partial = await JobsRepo.getJob(message.orgId, message.jobId)
    expect(partial?.status).toBe('running')
    expect(partial?.counts.done).toBeGreaterThan(0)
    expect(partial?.counts.done).toBeLessThan(4)
    await Jobs.enqueueJob(message)
    const job = await waitForJob(setup.owner, setup.orgId, message.jobId)
    expect(job.counts).toEqual({ total: 4, done: 4, succeeded: 4, failed: 0 })
    const listed = await setup.ses.send(new ListEmailTemplatesCommand({ PageSize: 100 }))
    expect(listed.TemplatesMetadata?.length).toBe(4)
  }, 90_000)

  it('fails every item with the reason when the AWS account is gone, and the job says failed', async () => {
    const setup = await orgWithAccount()
    const template = await createTemplate(setup.owner, setup.orgId, 'orphan')
    const message = await unqueuedJob(setup, 'ses.publish', [{ key: template.id, label: template.name }])
    // Disconnected between the call and the worker's turn.
    const removed = await setup.owner.api.delete(`/api/aws-accounts/${setup.awsAccountId}`)
    expect(removed.status).toBe(204)
    await Jobs.enqueueJob(message)
    const job = await waitForJob(setup.owner, setup.orgId, message.jobId)
    expect(job.status).toBe('failed')
    expect(job.items[0]).toMatchObject({ status: 'failed', error: { code: 'aws_account.not_found' } })
  }, 60_000)

  it('shares one pace per customer account between concurrent workers (DynamoDB slots, not timers)', async () => {
    const key = { account: `pace-${ulid()}`, region: 'us-east-1' }
    const rate = 5
    const slots: number[] = []
    const early: number[] = []
    const worker = async () => {
      for (let call = 0; call < 5; call++) {
        const slot = await takeSlot(key, rate)
        if (Date.now() < slot) early.push(slot)
        slots.push(slot)
      }
    }
    const started = Date.now()
    await Promise.all([worker(), worker(), worker()])
    const elapsed = Date.now() - started
    // 15 calls at 5/s: the last one no earlier than 14 slots (2.8 s) after the first.
    expect(elapsed).toBeGreaterThanOrEqual(2_700)
    // The reserved slots are one interval apart (timer wake-ups may jitter; the reservations may not), and no
    // caller went on before its slot.
    slots.sort((a, b) => a - b)
    const gaps = slots.slice(1).map((at, index) => at - (slots[index] ?? 0))
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(1000 / rate)
    expect(early).toEqual([])
  }, 30_000)
})

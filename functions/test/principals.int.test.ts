import type { Principal } from '@app/contracts'
import {
  type Actor,
  type ApiKeyActor,
  AwsAccounts,
  Blocks,
  Contacts,
  Jobs,
  systemActor,
  Templates,
  TemplateVersions,
} from '@app/core'
import { contactsSource } from '@app/core/audience/export/contacts-source'
import { exportRows } from '@app/core/audience/export/exports'
import * as ExportsRepo from '@app/core/audience/export/exports.repo'
import { dynamo } from '@app/core/aws'
import * as AwsAccountsRepo from '@app/core/aws-accounts/aws-accounts.repo'
import {
  awsAccountKey,
  blockKey,
  contactExportKey,
  jobKey,
  templateKey,
  templateVersionKey,
} from '@app/core/db/keys'
import { tableName } from '@app/core/db/table'
import * as JobsRepo from '@app/core/jobs/jobs.repo'
import { organizationContext } from '@app/core/organizations/context'
import { UpdateCommand } from '@aws-sdk/lib-dynamodb'
import { ulid } from 'ulid'
import { beforeAll, describe, expect, it } from 'vitest'
import { setSubscription } from './seed'
import { newUser } from './stack'

type User = Awaited<ReturnType<typeof newUser>>

let owner: User
let orgId: string
let ownerPrincipal: Principal
let apiKey: ApiKeyActor
const system = systemActor('scheduler')

/**
 * A context acting as `actor`. API keys hold public-API scopes only (no `content.write` nor AWS connections), so a
 * key's context for templates, blocks and connections is the organization's with the key as its caller: what is
 * checked here is the principal the record keeps.
 */
const contextOf = async (actor: Actor) =>
  actor.kind === 'apiKey'
    ? { ...(await organizationContext(system, orgId, 'content.write')), actor }
    : organizationContext(actor, orgId, 'content.write')

/** Rewrites one attribute of a stored item, as an item written before records kept principals. */
async function writeOld(key: Record<string, string>, attribute: string, value: unknown) {
  await dynamo().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: key,
      UpdateExpression: 'SET #a = :v',
      ExpressionAttributeNames: { '#a': attribute },
      ExpressionAttributeValues: { ':v': value },
    }),
  )
}

const oldAuthor = () => ({
  accountId: ownerPrincipal.type === 'user' ? ownerPrincipal.accountId : '',
  email: owner.email,
})

beforeAll(async () => {
  owner = await newUser()
  const account = (await owner.api.get('/api/account')).body
  orgId = account.selectedOrganization
  await setSubscription(orgId, 'TEAM_MONTHLY', 'active')
  ownerPrincipal = { type: 'user', accountId: account.id, email: account.email }
  apiKey = {
    kind: 'apiKey',
    organizationId: orgId,
    keyId: 'key-principals',
    scopes: ['contacts:write', 'contacts:read'],
    rateLimitPerMinute: 600,
  }
}, 60_000)

describe('a change is recorded as made by its principal', () => {
  it('a template version saved by an API key, the system and a user keeps who saved it', async () => {
    for (const [actor, expected] of [
      [apiKey, { type: 'apiKey', keyId: 'key-principals' }],
      [system, { type: 'system', name: 'scheduler' }],
    ] as const) {
      const context = await contextOf(actor)
      const made = await Templates.createTemplate(context, { name: `by_${actor.kind}`, subject: 'Hi' })
      expect(made.updatedBy).toEqual(expected)
      const saved = await Templates.updateTemplate(context, made.id, { version: 1, subject: 'Hello' })
      expect((await Templates.getTemplate(context, saved.id)).updatedBy).toEqual(expected)
      const versions = await TemplateVersions.listVersions(context, made.id, { limit: 10 })
      expect(versions.items.map((version) => version.savedBy)).toEqual([expected, expected])
    }
    const byUser = await owner.api.post(`/api/templates?organizationId=${orgId}`, {
      name: 'by_user',
      editorType: 'HTML',
      subject: 'Hi',
      source: '<html><body><p>Hi</p></body></html>',
    })
    expect(byUser.status, JSON.stringify(byUser.body)).toBe(201)
    expect(byUser.body.updatedBy).toEqual(ownerPrincipal)
    expect(byUser.body.updatedBy.email).toBe(owner.email)
  })

  it('blocks, jobs, exports and AWS connections started by an API key or the system keep its principal', async () => {
    const block = await Blocks.createBlock(await contextOf(apiKey), {
      name: 'Key footer',
      editorType: 'HTML',
      source: '<p>key</p>',
    })
    expect(block.updatedBy).toEqual({ type: 'apiKey', keyId: 'key-principals' })

    const job = await Jobs.startJob({
      actor: system,
      orgId,
      kind: 'audience.bulk_delete',
      awsAccountId: null,
      items: [{ key: ulid(), label: 'nobody' }],
    })
    expect(job.createdBy).toEqual({ type: 'system', name: 'scheduler' })

    const answer = await exportRows(
      await organizationContext(apiKey, orgId, 'audience.read'),
      contactsSource,
      { params: {}, fileName: 'key.csv' },
      { rows: 0, bytes: 0 },
    )
    if (!('accepted' in answer)) throw new Error('expected an export job')
    expect((await ExportsRepo.getExport(orgId, answer.accepted.id))?.createdBy).toEqual({
      type: 'apiKey',
      keyId: 'key-principals',
    })

    const connection = await AwsAccounts.createAwsAccount(await contextOf(apiKey), {
      method: 'role',
      name: 'By key',
      region: 'eu-west-1',
    })
    expect((await AwsAccountsRepo.getConnection(orgId, connection.id))?.createdBy).toEqual({
      type: 'apiKey',
      keyId: 'key-principals',
    })
  })

  it('a contact changed by an API key records the key on its consent trail', async () => {
    const contact = await Contacts.createContact(await organizationContext(apiKey, orgId, 'audience.write'), {
      email: `key-${ulid().toLowerCase()}@example.com`,
      topicPreferences: [],
      attributes: {},
      unsubscribeAll: true,
    })
    const detail = await Contacts.getContact(
      await organizationContext(apiKey, orgId, 'audience.read'),
      contact.id,
    )
    expect(detail.trail[0]).toMatchObject({ source: 'api', by: { type: 'apiKey', keyId: 'key-principals' } })
  })
})

describe('items written before records kept principals', () => {
  it('read a stored { accountId, email } as that user, and a job without an author as the system', async () => {
    const context = await contextOf(system)
    const template = await Templates.createTemplate(context, { name: 'old_template', subject: 'Hi' })
    await writeOld(templateKey(orgId, template.id), 'updatedBy', oldAuthor())
    await writeOld(templateVersionKey(orgId, template.id, 1), 'savedBy', oldAuthor())
    expect((await Templates.getTemplate(context, template.id)).updatedBy).toEqual(ownerPrincipal)
    const versions = await TemplateVersions.listVersions(context, template.id, { limit: 10 })
    expect(versions.items[0]?.savedBy).toEqual(ownerPrincipal)
    const listed = await owner.api.get(`/api/templates?organizationId=${orgId}&limit=100`)
    const row = listed.body.items.find((item: { id: string }) => item.id === template.id)
    expect(row.updatedBy).toEqual(ownerPrincipal)

    const block = await Blocks.createBlock(context, {
      name: 'Old footer',
      editorType: 'HTML',
      source: '<p>o</p>',
    })
    await writeOld(blockKey(orgId, block.id), 'updatedBy', oldAuthor())
    expect((await Blocks.getBlock(context, block.id)).updatedBy).toEqual(ownerPrincipal)

    const byUser = await Jobs.startJob({
      actor: system,
      orgId,
      kind: 'audience.bulk_delete',
      awsAccountId: null,
      items: [{ key: ulid(), label: 'nobody' }],
    })
    await writeOld(jobKey(orgId, byUser.id), 'createdBy', oldAuthor())
    expect((await JobsRepo.getJob(orgId, byUser.id))?.createdBy).toEqual(ownerPrincipal)
    await writeOld(jobKey(orgId, byUser.id), 'createdBy', null)
    expect((await JobsRepo.getJob(orgId, byUser.id))?.createdBy).toEqual({ type: 'system', name: 'jobs' })

    const exportId = ulid()
    await ExportsRepo.createExport({
      id: exportId,
      orgId,
      fileName: 'old.csv',
      filters: {},
      status: 'queued',
      createdBy: ownerPrincipal,
      createdAt: new Date().toISOString(),
      rows: 0,
      pieces: 0,
      cursor: null,
    })
    await writeOld(contactExportKey(orgId, exportId), 'createdBy', oldAuthor())
    expect((await ExportsRepo.getExport(orgId, exportId))?.createdBy).toEqual(ownerPrincipal)

    const connection = await AwsAccounts.createAwsAccount(context, {
      method: 'role',
      name: 'Old connection',
      region: 'eu-west-1',
    })
    await writeOld(awsAccountKey(orgId, connection.id), 'createdBy', 'legacy-account')
    expect((await AwsAccountsRepo.getConnection(orgId, connection.id))?.createdBy).toEqual({
      type: 'user',
      accountId: 'legacy-account',
      email: '',
    })
  })
})

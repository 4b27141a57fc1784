import * as ExportsRepo from '@app/core/audience/export/exports.repo'
import { runExportSlice } from '@app/core/audience/export/run'
import { EXPORT_SOURCES } from '@app/core/export-sources'
import { ulid } from 'ulid'
import { describe, expect, it } from 'vitest'
import { setSubscription } from './seed'
import { newUser } from './stack'

type User = Awaited<ReturnType<typeof newUser>>

async function teamOrg() {
  const user = await newUser()
  const orgId: string = (await user.api.get('/api/account')).body.selectedOrganization
  await setSubscription(orgId, 'TEAM_MONTHLY', 'active')
  return { user, orgId }
}

async function addContact(user: User, orgId: string, body: Record<string, unknown>) {
  const created = await user.api.post(`/api/contacts?organizationId=${orgId}`, body)
  expect(created.status, JSON.stringify(created.body)).toBe(201)
  return created.body
}

/** What the API answers raw: status, headers and text (the CSV routes answer a file, not JSON). */
async function download(user: User, path: string) {
  return user.api.request('GET', path)
}

describe('contact export', { timeout: 90_000 }, () => {
  it('answers a topic’s subscribers as topic-{id}-contacts.csv with formula cells escaped; other tenants get 404', async () => {
    const { user, orgId } = await teamOrg()
    const topic = (await user.api.post(`/api/topics?organizationId=${orgId}`, { name: 'News' })).body
    const other = (await user.api.post(`/api/topics?organizationId=${orgId}`, { name: 'Other' })).body
    const subscribed = [{ topicId: topic.id, status: 'OPT_IN' }]
    await addContact(user, orgId, {
      email: 'ana@example.com',
      firstName: 'Ana',
      topicPreferences: subscribed,
    })
    await addContact(user, orgId, {
      email: 'evil@example.com',
      firstName: '=HYPERLINK("http://evil.example")',
      attributes: { plan: '+1', note: '@SUM(A1)' },
      topicPreferences: subscribed,
    })
    await addContact(user, orgId, {
      email: 'out@example.com',
      topicPreferences: [{ topicId: other.id, status: 'OPT_IN' }],
    })

    const answer = await download(user, `/api/topics/${topic.id}/contacts?organizationId=${orgId}`)
    expect(answer.status).toBe(200)
    expect(answer.headers.get('content-type')).toContain('text/csv')
    expect(answer.headers.get('content-disposition')).toBe(
      `attachment; filename="topic-${topic.id}-contacts.csv"`,
    )
    const lines = String(answer.body).trim().split('\r\n')
    expect(lines[0]).toBe(
      'email,firstName,lastName,status,unsubscribeAll,suppressed,attributes,createdAt,updatedAt',
    )
    expect(
      lines
        .slice(1)
        .map((line) => line.split(',')[0])
        .sort(),
    ).toEqual(['ana@example.com', 'evil@example.com'])
    const evil = lines.find((line) => line.startsWith('evil@')) as string
    expect(evil).toContain(`"'=HYPERLINK(""http://evil.example"")"`)
    expect(evil).toContain(',OPT_IN,false,,')

    const stranger = await teamOrg()
    const refused = await download(
      stranger.user,
      `/api/topics/${topic.id}/contacts?organizationId=${stranger.orgId}`,
    )
    expect(refused.status).toBe(404)
    expect(refused.body.error.code).toBe('topic.not_found')
    const notMember = await download(
      stranger.user,
      `/api/topics/${topic.id}/contacts?organizationId=${orgId}`,
    )
    expect(notMember.status).toBe(404)
  })

  it('exports the audience filtered like GET contacts', async () => {
    const { user, orgId } = await teamOrg()
    await addContact(user, orgId, { email: 'a@example.com', unsubscribeAll: true })
    await addContact(user, orgId, { email: 'b@example.com' })
    const all = await download(user, `/api/contacts/export?organizationId=${orgId}`)
    expect(all.status).toBe(200)
    expect(all.headers.get('content-disposition')).toMatch(
      /^attachment; filename="contacts-\d{4}-\d{2}-\d{2}\.csv"$/,
    )
    expect(String(all.body).trim().split('\r\n')).toHaveLength(3)
    const gone = await download(user, `/api/contacts/export?organizationId=${orgId}&unsubscribeAll=true`)
    const rows = String(gone.body).trim().split('\r\n').slice(1)
    expect(rows.map((row) => row.split(',')[0])).toEqual(['a@example.com'])
    const bad = await download(user, `/api/contacts/export?organizationId=${orgId}&optIn=true`)
    expect(bad.status).toBe(400)
  })

  it('writes a large export in pieces as a job, then hands out a presigned download named as the export', async () => {
    const { user, orgId } = await teamOrg()
    for (const n of [1, 2, 3, 4, 5])
      await addContact(user, orgId, { email: `c${n}@example.com`, firstName: `C${n}` })
    const account = (await user.api.get('/api/account')).body
    const id = ulid()
    await ExportsRepo.createExport({
      id,
      orgId,
      fileName: 'contacts-big.csv',
      filters: {},
      status: 'queued',
      createdBy: { type: 'user', accountId: account.id, email: account.email },
      createdAt: new Date().toISOString(),
      rows: 0,
      pieces: 0,
      cursor: null,
    })
    const queued = await user.api.get(`/api/contacts/export/${id}?organizationId=${orgId}`)
    expect(queued.body).toMatchObject({ status: 'queued', downloadUrl: null })
    // A slice that ends after its first piece, then the continuation.
    const slice = { owner: 'worker', pieceRows: 2, sources: EXPORT_SOURCES }
    expect(await runExportSlice({ orgId, exportId: id }, { ...slice, deadline: Date.now() - 1 })).toBe('more')
    expect((await ExportsRepo.getExport(orgId, id))?.pieces).toBe(1)
    expect(await runExportSlice({ orgId, exportId: id }, { ...slice, deadline: Date.now() + 60_000 })).toBe(
      'done',
    )

    const done = (await user.api.get(`/api/contacts/export/${id}?organizationId=${orgId}`)).body
    expect(done).toMatchObject({ status: 'succeeded', rows: 5, fileName: 'contacts-big.csv' })
    const file = await fetch(done.downloadUrl)
    expect(file.headers.get('content-disposition')).toBe('attachment; filename="contacts-big.csv"')
    const lines = (await file.text()).trim().split('\r\n')
    expect(
      lines
        .slice(1)
        .map((line) => line.split(',')[0])
        .sort(),
    ).toEqual([1, 2, 3, 4, 5].map((n) => `c${n}@example.com`))
    const stranger = await teamOrg()
    expect(
      (await stranger.user.api.get(`/api/contacts/export/${id}?organizationId=${stranger.orgId}`)).status,
    ).toBe(404)
  })
})

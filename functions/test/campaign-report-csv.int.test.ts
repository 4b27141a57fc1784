import { CAMPAIGN_CSV_COLUMNS, CAMPAIGN_CSV_FILE_NAMES, INLINE_EXPORT_BYTES } from '@app/contracts'
import * as ExportsRepo from '@app/core/audience/export/exports.repo'
import { runExportSlice } from '@app/core/audience/export/run'
import type { ExportSource } from '@app/core/audience/export/source'
import { campaignContactsSource, downloadCampaignContacts } from '@app/core/campaigns/reports/contacts-csv'
import { EXPORT_SOURCES } from '@app/core/export-sources'
import { organizationContext } from '@app/core/organizations/context'
import { parse } from 'csv-parse/sync'
import { ulid } from 'ulid'
import { beforeAll, describe, expect, it } from 'vitest'
import { eventually, type ReportingOrg, reportingOrg } from './campaign-report-helpers'
import { everyEventCounted, LINK1, type Recipient, sendEngagedCampaign } from './campaign-report-seed'

/**
 * The report's four contact CSVs of the seeded campaign (`campaign-report-seed.ts`), against the ground truth: the
 * rows, their columns and the file names, formula cells escaped; the same file through the export job when large;
 * tenant isolation, the Team gate and bad input.
 */
let org: ReportingOrg
let campaignId: string
let who: Record<string, Recipient>
/** Each recipient's row of the per-recipient table (its first times, as the report recorded them). */
let ledger: Record<
  string,
  Record<string, unknown> & { bounce: { type: string; subType: string; at: string } }
>

const EVIL = '=HYPERLINK("http://evil.example","x")'
const path = (outcome: string, query = '') =>
  `/api/campaigns/${campaignId}/reports/${outcome}-contacts?${org.oq}${query}`

async function download(outcome: string, query = '') {
  const answer = await org.owner.api.request('GET', path(outcome, query))
  expect(answer.status, JSON.stringify(answer.body)).toBe(200)
  return answer
}

/** The file as records (header first), sorted after the header. */
function records(text: string): string[][] {
  expect(text.endsWith('\r\n')).toBe(true)
  const [header = [], ...rows] = parse(text) as string[][]
  return [header, ...rows.sort((x, y) => String(x[0]).localeCompare(String(y[0])))]
}

const sorted = (rows: string[][]) => rows.sort((x, y) => String(x[0]).localeCompare(String(y[0])))

beforeAll(async () => {
  ;({ org, campaignId, who } = await sendEngagedCampaign())
  await everyEventCounted(org, campaignId)
  // Names as they are now: a's turn into formulas, d's contact is deleted (its row keeps the address).
  const renamed = await org.owner.api.patch(`/api/contacts/${who.a?.id}?${org.oq}`, {
    firstName: EVIL,
    lastName: '+1',
  })
  expect(renamed.status, JSON.stringify(renamed.body)).toBe(200)
  expect((await org.owner.api.delete(`/api/contacts/${who.d?.id}?${org.oq}`)).status).toBe(204)
  const listed = await org.owner.api.get(`/api/campaigns/${campaignId}/recipients?${org.oq}&limit=50`)
  ledger = Object.fromEntries(listed.body.items.map((row: { contactId: string }) => [row.contactId, row]))
}, 240_000)

const email = (key: string) => who[key]?.email ?? ''
const at = (key: string, field: string) => String(ledger[who[key]?.id ?? '']?.[field])

describe('the campaign contact CSVs', () => {
  it('answer each file under the spec’s name with the ground truth’s rows and columns, formula cells escaped', async () => {
    const expected: Record<string, string[][]> = {
      opened: [
        [email('a'), `'${EVIL}`, "'+1", at('a', 'openedAt'), '2', '0', 'false'],
        [email('c'), 'C', '', at('c', 'openedAt'), '0', '0', 'false'],
      ],
      clicked: [
        [email('a'), `'${EVIL}`, "'+1", at('a', 'clickedAt'), LINK1, '3'],
        [email('c'), 'C', '', at('c', 'clickedAt'), LINK1, '1'],
      ],
      unsubscribed: [[email('a'), `'${EVIL}`, "'+1", at('a', 'unsubscribedAt')]],
      bounced: [
        [email('d'), '', '', ledger[who.d?.id ?? '']?.bounce.at ?? '', 'Permanent', 'General'],
        [email('f'), 'F', '', ledger[who.f?.id ?? '']?.bounce.at ?? '', 'Transient', 'MailboxFull'],
      ],
    }
    for (const outcome of ['opened', 'clicked', 'unsubscribed', 'bounced'] as const) {
      const answer = await download(outcome)
      expect(answer.headers.get('content-type'), outcome).toContain('text/csv')
      expect(answer.headers.get('content-disposition'), outcome).toBe(
        `attachment; filename="${CAMPAIGN_CSV_FILE_NAMES[outcome]}"`,
      )
      const text = String(answer.body)
      expect(records(text), outcome).toEqual([
        [...CAMPAIGN_CSV_COLUMNS[outcome]],
        ...sorted(expected[outcome] ?? []),
      ])
      if (outcome !== 'bounced') expect(text).toContain(`"'=HYPERLINK(""http://evil.example"",""x"")",'+1,`)
    }
  })

  it('follows the report on machine opens: excluded by default, b’s proxy open listed when included', async () => {
    const included = String((await download('opened', '&machineOpens=include')).body)
    expect(records(included)).toEqual([
      [...CAMPAIGN_CSV_COLUMNS.opened],
      ...sorted([
        [email('a'), `'${EVIL}`, "'+1", at('a', 'openedAt'), '2', '0', 'false'],
        [email('b'), 'B', '', at('b', 'openedAt'), '1', '1', 'true'],
        [email('c'), 'C', '', at('c', 'openedAt'), '0', '0', 'false'],
      ]),
    ])
    const excluded = String((await download('opened', '&machineOpens=exclude')).body)
    expect(excluded).toBe(String((await download('opened')).body))
  })

  it('writes a large file through the export job: the same rows in S3 under the same name', async () => {
    const context = await organizationContext(actorOf(org), org.orgId, 'campaigns.read')
    const inline = String((await download('clicked')).body)
    // The inline limits lowered to one row: the route's own path to the job, with two rows.
    const answer = await downloadCampaignContacts(
      context,
      campaignId,
      { outcome: 'clicked' },
      { rows: 1, bytes: INLINE_EXPORT_BYTES },
    )
    if (!('accepted' in answer)) throw new Error('expected the export job')
    expect(answer.accepted).toMatchObject({
      status: 'queued',
      fileName: 'campaign-clicked-contacts.csv',
      downloadUrl: null,
    })
    // The stack's contact-transfer worker writes it; the API hands out the file.
    const done = await eventually(
      async () =>
        (await org.owner.api.get(`/api/contacts/export/${answer.accepted.id}?${org.oq}`)).body as {
          status: string
          rows: number
          downloadUrl: string | null
        },
      (read) => read.status !== 'queued' && read.status !== 'running',
      'the export job',
    )
    expect(done).toMatchObject({ status: 'succeeded', rows: 2 })
    const file = await fetch(String(done.downloadUrl))
    expect(file.headers.get('content-disposition')).toBe(
      'attachment; filename="campaign-clicked-contacts.csv"',
    )
    expect(records(await file.text())).toEqual(records(inline))
  })

  it('resumes a crashed export job from its last piece', async () => {
    const account = (await org.owner.api.get('/api/account')).body
    const id = ulid()
    await ExportsRepo.createExport({
      id,
      orgId: org.orgId,
      fileName: CAMPAIGN_CSV_FILE_NAMES.bounced,
      source: campaignContactsSource.kind,
      filters: { campaignId, outcome: 'bounced', machineOpens: 'exclude' },
      status: 'queued',
      createdBy: { type: 'user', accountId: account.id, email: account.email },
      createdAt: new Date().toISOString(),
      rows: 0,
      pieces: 0,
      cursor: null,
    })
    // A piece per row (one item a shard a page): the worker dies going on to the second piece, after the first
    // was saved.
    const crashing: ExportSource = {
      ...campaignContactsSource,
      async open(orgId, params) {
        const reader = await campaignContactsSource.open(orgId, params)
        return {
          header: reader.header,
          async page(cursor, limit) {
            if ((await ExportsRepo.getExport(orgId, id))?.pieces === 1) throw new Error('the worker died')
            return reader.page(cursor, limit)
          },
        }
      },
    }
    const sources = new Map([[crashing.kind, crashing]])
    const slice = { deadline: Date.now() + 60_000, pieceRows: 1 }
    await expect(
      runExportSlice({ orgId: org.orgId, exportId: id }, { ...slice, owner: 'w1', sources }),
    ).rejects.toThrow('the worker died')
    const crashed = await ExportsRepo.getExport(org.orgId, id)
    expect(crashed).toMatchObject({ status: 'running', pieces: 1, cursor: expect.any(String) })
    expect(crashed?.rows).toBeGreaterThanOrEqual(1)
    // Its lease runs out (the dead worker's own, shortened), and the redelivered message takes over.
    await ExportsRepo.claimExport(org.orgId, id, 'w1', Date.now() - 1, Date.now())
    expect(
      await runExportSlice(
        { orgId: org.orgId, exportId: id },
        { ...slice, owner: 'w2', sources: EXPORT_SOURCES },
      ),
    ).toBe('done')
    const done = (await org.owner.api.get(`/api/contacts/export/${id}?${org.oq}`)).body
    expect(done).toMatchObject({ status: 'succeeded', rows: 2, fileName: 'campaign-bounced-contacts.csv' })
    expect((await ExportsRepo.getExport(org.orgId, id))?.pieces).toBeGreaterThan(1)
    const file = await fetch(done.downloadUrl)
    expect(file.headers.get('content-disposition')).toBe(
      'attachment; filename="campaign-bounced-contacts.csv"',
    )
    expect(records(await file.text())).toEqual(records(String((await download('bounced')).body)))
  })

  it('answer 404 for another organization’s campaign, 403 off the Team plans, 400 for bad input', async () => {
    const [other, start] = await Promise.all([reportingOrg(), reportingOrg('START')])
    for (const outcome of ['opened', 'clicked', 'unsubscribed', 'bounced']) {
      const foreign = await other.owner.api.request(
        'GET',
        `/api/campaigns/${campaignId}/reports/${outcome}-contacts?${other.oq}`,
      )
      expect(foreign.status, outcome).toBe(404)
      expect(foreign.body.error.code, outcome).toBe('campaigns.not_found')
      expect(JSON.stringify(foreign.body)).not.toContain(email('a'))
      const locked = await start.owner.api.request(
        'GET',
        `/api/campaigns/${campaignId}/reports/${outcome}-contacts?${start.oq}`,
      )
      expect(locked.status, outcome).toBe(403)
      expect(locked.body.error.code, outcome).toBe('plan.feature_locked')
      const stranger = await other.owner.api.request(
        'GET',
        `/api/campaigns/${campaignId}/reports/${outcome}-contacts?${org.oq}`,
      )
      expect(stranger.status, outcome).toBe(404)
    }
    for (const bad of [
      `/api/campaigns/not-a-campaign/reports/opened-contacts?${org.oq}`,
      path('opened', '&machineOpens=sometimes'),
      path('clicked', '&machineOpens=include'),
      path('bounced', '&limit=5'),
      `/api/campaigns/${campaignId}/reports/bounced-contacts?organizationId=nope`,
    ]) {
      const read = await org.owner.api.request('GET', bad)
      expect(read.status, bad).toBe(400)
      expect(read.body.error.code, bad).toBe('request.invalid')
    }
    const missing = await org.owner.api.request('GET', path('clicked').replace(campaignId, ulid()))
    expect(missing.status).toBe(404)
    expect(missing.body.error.code).toBe('campaigns.not_found')
  }, 120_000)
})

function actorOf(setup: ReportingOrg) {
  return {
    kind: 'user' as const,
    accountId: setup.owner.sub,
    username: setup.owner.sub,
    email: setup.owner.email,
    emailVerified: true,
    groups: [],
  }
}

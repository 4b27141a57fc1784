import { gzipSync } from 'node:zlib'
import { IMPORT_MAX_BYTES } from '@app/contracts'
import { transferBucket } from '@app/core/audience/env'
import { writeImportRows } from '@app/core/audience/import/contact-writer'
import { s3 } from '@app/core/audience/import/files'
import * as ImportsRepo from '@app/core/audience/import/imports.repo'
import { runImportSlice } from '@app/core/audience/import/run'
import { zipArchive } from '@app/core/audience/import/zip-archive.fixture'
import { dynamo } from '@app/core/aws'
import { contactImportKey } from '@app/core/db/keys'
import { tableName } from '@app/core/db/table'
import { PutObjectCommand } from '@aws-sdk/client-s3'
import { UpdateCommand } from '@aws-sdk/lib-dynamodb'
import { describe, expect, it } from 'vitest'
import { orgState } from './fixtures'
import { eventItemsOf, eventsOf } from './outbox-helpers'
import { setSubscription } from './seed'
import { newUser } from './stack'

type User = Awaited<ReturnType<typeof newUser>>

async function teamOrg() {
  const user = await newUser()
  const orgId: string = (await user.api.get('/api/account')).body.selectedOrganization
  await setSubscription(orgId, 'TEAM_MONTHLY', 'active')
  return { user, orgId }
}

/** As the browser does it: ask for the URL, PUT the bytes straight to S3 with the headers it names. */
async function upload(user: User, orgId: string, content: string | Buffer, fileName = 'contacts.csv') {
  const fileType = fileName.endsWith('.gz')
    ? 'application/gzip'
    : fileName.endsWith('.zip')
      ? 'application/zip'
      : 'text/csv'
  const answer = await user.api.get(
    `/api/contacts/import?organizationId=${orgId}&fileName=${encodeURIComponent(fileName)}&fileType=${fileType}`,
  )
  expect(answer.status, JSON.stringify(answer.body)).toBe(200)
  expect(answer.body.fileKey).toMatch(new RegExp(`^imports/${orgId}/[0-9A-Z]{26}$`))
  const put = await fetch(answer.body.uploadUrl, {
    method: 'PUT',
    headers: answer.body.headers,
    body: content,
  })
  expect(put.status).toBe(200)
  return answer.body.fileKey as string
}

async function waitForImport(user: User, orgId: string, id: string) {
  const until = Date.now() + 60_000
  for (;;) {
    const read = await user.api.get(`/api/contacts/import/${id}?organizationId=${orgId}`)
    expect(read.status, JSON.stringify(read.body)).toBe(200)
    if (read.body.status === 'succeeded' || read.body.status === 'failed') return read.body
    if (Date.now() > until) throw new Error(`import ${id} did not finish: ${JSON.stringify(read.body)}`)
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}

async function importFile(
  user: User,
  orgId: string,
  content: string | Buffer,
  options: Record<string, unknown> = {},
) {
  const fileKey = await upload(user, orgId, content, (options.fileName as string) ?? 'contacts.csv')
  const started = await user.api.post('/api/contacts/import', { organizationId: orgId, fileKey, ...options })
  expect(started.status, JSON.stringify(started.body)).toBe(202)
  expect(started.body).toMatchObject({ status: 'queued', organizationId: orgId })
  return waitForImport(user, orgId, started.body.id)
}

async function contactsOf(user: User, orgId: string) {
  const contacts: { email: string; firstName: string | null; attributes: Record<string, string> }[] = []
  let cursor: string | null = null
  do {
    const page = await user.api.get(
      `/api/contacts?organizationId=${orgId}&limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
    )
    expect(page.status, JSON.stringify(page.body)).toBe(200)
    contacts.push(...page.body.items)
    cursor = page.body.nextCursor
  } while (cursor)
  return contacts.sort((a, b) => a.email.localeCompare(b.email))
}

/** An import written as the API writes it, but not enqueued: the test plays the queue's deliveries itself. */
async function seedImport(user: User, orgId: string, fileKey: string, fileName: string, fileBytes: number) {
  const importId = fileKey.split('/')[2] as string
  const account = (await user.api.get('/api/account')).body
  await ImportsRepo.createImport({
    id: importId,
    orgId,
    fileName,
    fileKey,
    status: 'queued',
    options: { topicIds: [], existing: 'update' },
    createdBy: { type: 'user', accountId: account.id, email: account.email },
    createdAt: new Date().toISOString(),
    counts: ImportsRepo.NO_COUNTS,
    fileBytes,
    bytesRead: 0,
  })
  return importId
}

const MESSY =
  '\uFEFFEmail;First name;Company\r\n' +
  'ana@example.com;Ana;"Acme; Inc."\r\n' +
  '\r\n' +
  'ZOE@Example.com;"Zoë ""Z""";Ünïcode GmbH\r\n' +
  'ana@example.com;Ana again;Dup\r\n' +
  'not-an-email;Bad;X\r\n' +
  '=HYPERLINK("http://evil.example");Formula;@SUM(1)\r\n' +
  ';No email;Y\r\n' +
  'bo@example.com;Bo;\r\n'

describe('contact import', { timeout: 90_000 }, () => {
  it('imports a messy CSV through a presigned upload: counts, contacts, and an escaped invalid-rows file', async () => {
    const { user, orgId } = await teamOrg()
    const done = await importFile(user, orgId, MESSY, { fileName: 'messy.csv' })
    expect(done).toMatchObject({
      status: 'succeeded',
      fileName: 'messy.csv',
      counts: { rows: 7, created: 3, updated: 0, unchanged: 0, invalid: 4, suppressed: 0 },
      changedNothing: false,
      error: null,
    })
    // Its end is a domain event, made by who started it, with the same counts.
    const [imported] = await eventItemsOf(orgId, 'contacts.imported')
    expect(imported).toMatchObject({
      actor: { type: 'user', accountId: user.sub, email: user.email },
      payload: {
        importId: done.id,
        fileName: 'messy.csv',
        status: 'succeeded',
        counts: done.counts,
        error: null,
      },
    })
    const contacts = await contactsOf(user, orgId)
    expect(contacts.map((c) => c.email)).toEqual(['ana@example.com', 'bo@example.com', 'zoe@example.com'])
    expect(contacts[0]).toMatchObject({ firstName: 'Ana', attributes: { company: 'Acme; Inc.' } })
    expect(contacts[2]).toMatchObject({ firstName: 'Zoë "Z"', attributes: { company: 'Ünïcode GmbH' } })

    const file = await fetch(done.invalidRowsUrl)
    expect(file.status).toBe(200)
    expect(file.headers.get('content-disposition')).toBe(`attachment; filename="invalid-rows-${done.id}.csv"`)
    const lines = (await file.text()).trim().split('\r\n')
    expect(lines[0]).toBe('row,reason,message,Email,First name,Company')
    expect(lines.slice(1).map((line) => line.split(',').slice(0, 2).join(','))).toEqual([
      '3,email.duplicate',
      '4,email.invalid',
      '5,email.invalid',
      '6,email.missing',
    ])
    // Formula-looking cells start with a quote: a spreadsheet shows them, it does not run them.
    expect(lines.find((line) => line.includes('HYPERLINK'))).toContain(
      `"'=HYPERLINK(""http://evil.example"")"`,
    )
    expect(lines.find((line) => line.includes('SUM'))).toContain("'@SUM(1)")
  })

  it('changes nothing when the same file is imported again, and says so', async () => {
    const { user, orgId } = await teamOrg()
    const csv = 'email,first name\r\na@example.com,A\r\nb@example.com,B\r\n'
    expect((await importFile(user, orgId, csv, { existing: 'update' })).counts.created).toBe(2)
    const before = await contactsOf(user, orgId)
    const again = await importFile(user, orgId, csv, { existing: 'update' })
    expect(again).toMatchObject({ counts: { created: 0, updated: 0, unchanged: 2 }, changedNothing: true })
    expect(await contactsOf(user, orgId)).toEqual(before)
  })

  it('re-imports its own export as it was, with no mapping: names, every attribute (its JSON column), nothing else', async () => {
    const { user, orgId } = await teamOrg()
    const csv =
      'email,first name,last name,city,plan\r\njose@example.com,José,Núñez,山田町,gold\r\nb@example.com,,,Köln,\r\n'
    expect((await importFile(user, orgId, csv)).counts.created).toBe(2)
    const exported = await user.api.request('GET', `/api/contacts/export?organizationId=${orgId}`)
    expect(exported.status).toBe(200)
    const other = await teamOrg()
    const done = await importFile(other.user, other.orgId, String(exported.body))
    expect(done.counts).toMatchObject({ rows: 2, created: 2, invalid: 0 })
    const strip = (contacts: Awaited<ReturnType<typeof contactsOf>>) =>
      contacts.map(({ email, firstName, attributes }) => ({ email, firstName, attributes }))
    expect(strip(await contactsOf(other.user, other.orgId))).toEqual(strip(await contactsOf(user, orgId)))
    expect(await contactsOf(other.user, other.orgId)).toMatchObject([
      { email: 'b@example.com', attributes: { city: 'Köln' } },
      {
        email: 'jose@example.com',
        firstName: 'José',
        lastName: 'Núñez',
        attributes: { city: '山田町', plan: 'gold' },
      },
    ])
  })

  it('reads a gzipped CSV (known by its bytes) with a column mapping', async () => {
    const { user, orgId } = await teamOrg()
    const gz = gzipSync(Buffer.from('Mail,Vorname,Ort\nx@example.com,Xaver,Köln\n'))
    const done = await importFile(user, orgId, gz, {
      fileName: 'list.csv.gz',
      columns: { email: 'Mail', attributes: { firstName: 'Vorname', city: 'Ort' } },
    })
    expect(done.counts).toMatchObject({ rows: 1, created: 1 })
    expect(await contactsOf(user, orgId)).toMatchObject([
      { email: 'x@example.com', firstName: 'Xaver', attributes: { city: 'Köln' } },
    ])
  })

  it('reads the one CSV of a .zip (known by its bytes); refuses archives with several files or a zip bomb', async () => {
    const { user, orgId } = await teamOrg()
    const zip = zipArchive([
      { name: 'export/', content: '' },
      { name: 'export/list.csv', content: 'Mail;Vorname\r\nzip@example.com;Zoë\r\n' },
    ])
    const done = await importFile(user, orgId, zip, {
      fileName: 'list.zip',
      columns: { email: 'Mail', attributes: { firstName: 'Vorname' } },
    })
    expect(done.counts, JSON.stringify(done)).toMatchObject({ rows: 1, created: 1 })
    expect(await contactsOf(user, orgId)).toMatchObject([{ email: 'zip@example.com', firstName: 'Zoë' }])

    for (const [archive, reason] of [
      [
        zipArchive([
          { name: 'a.csv', content: 'email\nq@example.com\n' },
          { name: 'b.csv', content: 'email\nr@example.com\n' },
        ]),
        'holds 2 files',
      ],
      [zipArchive([{ name: 'a.csv', content: 'email\nq@example.com\n', statedSize: 2 ** 31 }]), 'unzipped'],
    ] as const) {
      const refused = await importFile(user, orgId, archive, { fileName: 'bad.zip' })
      expect(refused.status).toBe('failed')
      expect(refused.error).toMatchObject({ code: 'contact_import.invalid_file' })
      expect(refused.error.message).toContain(reason)
    }
    expect(await contactsOf(user, orgId)).toHaveLength(1)
  })

  it('fails an import clearly at a defect of the file (a quote never closed), keeping and counting the rows before it', async () => {
    const { user, orgId } = await teamOrg()
    // Wide rows (80 KB in all), so the stream brings the first rows before the defect at the end of the file.
    const note = 'n'.repeat(990)
    const good = Array.from({ length: 40 }, (_, i) => `row${i}@example.com,Row ${i},${note},${note}`)
    const content = `email,First name,Note,More\r\n${good.join('\r\n')}\r\nopen@example.com,"Never closed,x,y\r\nafter@example.com,After,x,y\r\n`
    const done = await importFile(user, orgId, content)
    expect(done.status, JSON.stringify(done)).toBe('failed')
    expect(done.error.code).toBe('contact_import.invalid_file')
    const [, stated] =
      /^Reading stopped after row (\d+) \(the rows up to it are imported\): A quoted field is never closed/.exec(
        done.error.message,
      ) ?? [undefined, 'no match']
    const imported = Number(stated)
    expect(imported, done.error.message).toBeGreaterThan(0)
    expect(imported).toBeLessThanOrEqual(40)
    expect(done.counts).toMatchObject({ rows: imported, created: imported, invalid: 0 })
    const emails = (await contactsOf(user, orgId)).map((contact) => contact.email)
    expect(emails).toHaveLength(imported)
    expect(emails).not.toContain('after@example.com')
    const events = await eventsOf(orgId, 'contacts.imported')
    expect(events).toHaveLength(1)
    expect(events[0]).toMatchObject({
      importId: done.id,
      status: 'failed',
      error: done.error,
      counts: { rows: imported, created: imported, invalid: 0 },
    })
  })

  it('refuses another organization’s key, a made-up key, a key with no upload, and a second start', async () => {
    const { user, orgId } = await teamOrg()
    const other = await teamOrg()
    const theirs = await upload(other.user, other.orgId, 'email\r\nz@example.com\r\n')
    const before = await orgState(orgId)
    for (const fileKey of [
      theirs,
      `imports/${orgId}/../${theirs}`,
      `imports/${orgId}/01J00000000000000000000000`,
    ]) {
      const refused = await user.api.post('/api/contacts/import', { organizationId: orgId, fileKey })
      expect(refused.status, fileKey).toBe(404)
      expect(refused.body.error.code).toBe('contact_import.file_not_found')
    }
    expect(await orgState(orgId)).toBe(before)

    const mine = await upload(user, orgId, 'email\r\nm@example.com\r\n')
    expect(
      (await user.api.post('/api/contacts/import', { organizationId: orgId, fileKey: mine })).status,
    ).toBe(202)
    const second = await user.api.post('/api/contacts/import', { organizationId: orgId, fileKey: mine })
    expect(second.status).toBe(409)
    expect(second.body.error.code).toBe('contact_import.already_started')

    const bad = await user.api.get(
      `/api/contacts/import?organizationId=${orgId}&fileName=a.exe&fileType=text/csv`,
    )
    expect(bad.status).toBe(400)
    const stranger = await other.user.api.get(
      `/api/contacts/import/${theirs.split('/')[2]}?organizationId=${orgId}`,
    )
    expect(stranger.status).toBe(404)
  })

  it('refuses a file over the limit clearly: at the start, and in the worker before reading it', async () => {
    const { user, orgId } = await teamOrg()
    const fileKey = await upload(user, orgId, 'email\r\na@example.com\r\n')
    // A presigned PUT cannot bound the size: the object may be replaced by a larger one.
    await s3().send(
      new PutObjectCommand({
        Bucket: transferBucket(),
        Key: fileKey,
        Body: Buffer.alloc(IMPORT_MAX_BYTES + 1, 0x41),
      }),
    )
    const refused = await user.api.post('/api/contacts/import', { organizationId: orgId, fileKey })
    expect(refused.status).toBe(413)
    expect(refused.body.error).toMatchObject({ code: 'contact_import.too_large' })

    // Replaced after the start: the worker checks the size before anything else.
    const importId = await seedImport(user, orgId, fileKey, 'big.csv', 10)
    const slice = { write: writeImportRows, deadline: Date.now() + 60_000, owner: 'worker' }
    expect(await runImportSlice({ orgId, importId }, slice)).toBe('done')
    const done = (await user.api.get(`/api/contacts/import/${importId}?organizationId=${orgId}`)).body
    expect(done).toMatchObject({ status: 'failed', error: { code: 'contact_import.too_large' } })
    expect(done.error.message).toMatch(/at most 100 MB/)
    expect(await contactsOf(user, orgId)).toEqual([])
  })

  it('finishes an import whose slice ended on the last row exactly (the next slice starts at the end of the file)', async () => {
    const { user, orgId } = await teamOrg()
    const csv = `${['email', ...Array.from({ length: 10 }, (_, i) => `edge${i}@example.com`)].join('\n')}\n`
    const fileKey = await upload(user, orgId, csv)
    const importId = await seedImport(user, orgId, fileKey, 'edge.csv', csv.length)
    // Every slice stops after its first segment of 5 rows: the second one ends on the file's last byte.
    const slice = { write: writeImportRows, segmentRows: 5, batchRows: 5, deadline: 0, owner: 'worker' }
    expect(await runImportSlice({ orgId, importId }, slice)).toBe('more')
    expect(await runImportSlice({ orgId, importId }, slice)).toBe('more')
    expect(await runImportSlice({ orgId, importId }, slice)).toBe('done')
    const done = await waitForImport(user, orgId, importId)
    expect(done).toMatchObject({ status: 'succeeded', counts: { rows: 10, created: 10, invalid: 0 } })
  })

  it('resumes a crashed import from its checkpoint: every row once, counts exact', async () => {
    const { user, orgId } = await teamOrg()
    const rows = Array.from({ length: 23 }, (_, i) => `user${i}@example.com,User ${i}`)
    const csv = ['email,first name', ...rows, 'user3@example.com,Duplicate'].join('\n')
    const fileKey = await upload(user, orgId, csv)
    const importId = await seedImport(user, orgId, fileKey, 'crash.csv', csv.length)
    const message = { orgId, importId }
    const slice = { write: writeImportRows, segmentRows: 5, batchRows: 2 }
    class Crash extends Error {}
    const crashed = await runImportSlice(message, {
      ...slice,
      deadline: Date.now() + 60_000,
      owner: 'first-delivery',
      // Rows 11–15 written, their checkpoint not: the worker dies there.
      afterWrite: (segment) => {
        if (segment === 2) throw new Crash()
      },
    }).catch((error: unknown) => error)
    expect(crashed).toBeInstanceOf(Crash)
    const halfway = (await user.api.get(`/api/contacts/import/${importId}?organizationId=${orgId}`)).body
    expect(halfway).toMatchObject({ status: 'running', counts: { rows: 10, created: 10 } })
    expect(await runImportSlice(message, { ...slice, deadline: Date.now() + 60_000, owner: 'early' })).toBe(
      'busy',
    )
    // SQS redelivers after the visibility timeout, when the crashed slice's lease is long over.
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: contactImportKey(orgId, importId),
        UpdateExpression: 'SET leaseUntil = :past',
        ExpressionAttributeValues: { ':past': Date.now() - 1 },
      }),
    )
    expect(
      await runImportSlice(message, { ...slice, deadline: Date.now() + 60_000, owner: 'redelivery' }),
    ).toBe('done')
    const done = await waitForImport(user, orgId, importId)
    expect(done.counts).toEqual({
      rows: 24,
      created: 23,
      updated: 0,
      unchanged: 0,
      invalid: 1,
      suppressed: 0,
    })
    const contacts = await contactsOf(user, orgId)
    expect(contacts).toHaveLength(23)
    expect(new Set(contacts.map((c) => c.email)).size).toBe(23)
  })

  it('takes a storage failure for what it is: the slice fails, none of its rows is called invalid, the redelivery writes them once', async () => {
    const { user, orgId } = await teamOrg()
    const rows = Array.from({ length: 12 }, (_, i) => `store${i}@example.com,Store ${i}`)
    const csv = ['email,first name', ...rows].join('\n')
    const fileKey = await upload(user, orgId, csv)
    const importId = await seedImport(user, orgId, fileKey, 'storage.csv', csv.length)
    const message = { orgId, importId }
    const slice = { write: writeImportRows, segmentRows: 4, batchRows: 4, deadline: Date.now() + 60_000 }
    // DynamoDB throttles the second batch's transaction (its new contacts, past the SDK's retries): an outage, not
    // a bad row.
    let transactions = 0
    dynamo().middlewareStack.add(
      (next) => async (args) => {
        if ('TransactItems' in (args.input as object) && ++transactions === 2)
          throw Object.assign(new Error('Rate of requests exceeds the allowed throughput.'), {
            name: 'ThrottlingException',
          })
        return next(args)
      },
      { step: 'initialize', name: 'testThrottle' },
    )
    try {
      const failed = await runImportSlice(message, { ...slice, owner: 'first-delivery' }).catch(
        (error: unknown) => error,
      )
      expect(failed).toMatchObject({ name: 'ThrottlingException' })
    } finally {
      dynamo().middlewareStack.remove('testThrottle')
    }
    const halfway = (await user.api.get(`/api/contacts/import/${importId}?organizationId=${orgId}`)).body
    expect(halfway).toMatchObject({ status: 'running', counts: { rows: 4, created: 4, invalid: 0 } })
    // The redelivery, once the failed slice's lease is over.
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: contactImportKey(orgId, importId),
        UpdateExpression: 'SET leaseUntil = :past',
        ExpressionAttributeValues: { ':past': Date.now() - 1 },
      }),
    )
    expect(await runImportSlice(message, { ...slice, owner: 'redelivery' })).toBe('done')
    const done = await waitForImport(user, orgId, importId)
    expect(done.counts).toEqual({
      rows: 12,
      created: 12,
      updated: 0,
      unchanged: 0,
      invalid: 0,
      suppressed: 0,
    })
    expect(done.invalidRowsUrl).toBeNull()
    expect((await contactsOf(user, orgId)).map((contact) => contact.email)).toEqual(
      rows.map((row) => row.split(',')[0] as string).sort((a, b) => a.localeCompare(b)),
    )
  })
})

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

/** Uploaded as the browser does it, imported with the default mapping, awaited. */
async function importBytes(user: User, orgId: string, content: Buffer) {
  const answer = await user.api.get(
    `/api/contacts/import?organizationId=${orgId}&fileName=list.csv&fileType=text/csv`,
  )
  expect(answer.status, JSON.stringify(answer.body)).toBe(200)
  const put = await fetch(answer.body.uploadUrl, {
    method: 'PUT',
    headers: answer.body.headers,
    body: content,
  })
  expect(put.status).toBe(200)
  const started = await user.api.post('/api/contacts/import', {
    organizationId: orgId,
    fileKey: answer.body.fileKey,
  })
  expect(started.status, JSON.stringify(started.body)).toBe(202)
  const until = Date.now() + 60_000
  for (;;) {
    const read = await user.api.get(`/api/contacts/import/${started.body.id}?organizationId=${orgId}`)
    if (read.body.status === 'succeeded' || read.body.status === 'failed') return read.body
    if (Date.now() > until) throw new Error(`import did not finish: ${JSON.stringify(read.body)}`)
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}

async function contactsOf(user: User, orgId: string) {
  const page = await user.api.get(`/api/contacts?organizationId=${orgId}&limit=100`)
  expect(page.status).toBe(200)
  return (
    page.body.items as { email: string; firstName: string | null; attributes: Record<string, string> }[]
  )
    .map(({ email, firstName, attributes }) => ({ email, firstName, attributes }))
    .sort((a, b) => a.email.localeCompare(b.email))
}

const TEXT = 'email,First name,City\r\njose@example.com,José,São Paulo\r\nyamada@example.com,山田,東京 😀\r\n'
const EXPECTED = [
  { email: 'jose@example.com', firstName: 'José', attributes: { city: 'São Paulo' } },
  { email: 'yamada@example.com', firstName: '山田', attributes: { city: '東京 😀' } },
]

const utf16be = (text: string) => {
  const le = Buffer.from(text, 'utf16le')
  for (let i = 0; i < le.length; i += 2) [le[i], le[i + 1]] = [le[i + 1] as number, le[i] as number]
  return le
}

describe('contact import: encodings', { timeout: 120_000 }, () => {
  it.each([
    ['UTF-16LE with BOM', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(TEXT, 'utf16le')])],
    ['UTF-16BE with BOM', Buffer.concat([Buffer.from([0xfe, 0xff]), utf16be(TEXT)])],
    ['UTF-8 with BOM', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(TEXT, 'utf8')])],
    ['UTF-8', Buffer.from(TEXT, 'utf8')],
  ])('reads %s: every row, every character', async (_what, bytes) => {
    const { user, orgId } = await teamOrg()
    const done = await importBytes(user, orgId, bytes)
    expect(done, JSON.stringify(done)).toMatchObject({
      status: 'succeeded',
      counts: { rows: 2, created: 2, invalid: 0 },
    })
    expect(await contactsOf(user, orgId)).toEqual(EXPECTED)
  })

  it('refuses a binary file clearly, writing nothing and no invalid-rows file', async () => {
    const { user, orgId } = await teamOrg()
    const png = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d]),
      Buffer.from('IHDR\x00\x00\x01\x00email,x\n\x01\x02\x03a@example.com,\x07\n', 'latin1'),
    ])
    const done = await importBytes(user, orgId, png)
    expect(done.status).toBe('failed')
    expect(done.error).toMatchObject({ code: 'contact_import.invalid_file' })
    expect(done.error.message).toMatch(/binary/)
    expect(done.invalidRowsUrl ?? null).toBeNull()
    expect(await contactsOf(user, orgId)).toEqual([])
  })
})

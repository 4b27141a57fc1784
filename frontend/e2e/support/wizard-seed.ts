/**
 * Seeding of the campaign wizard e2e tests, through the API as a user would: a Team organization whose AWS
 * account (production access, SES events on) has a verified sender, a topic of 150 imported contacts and a
 * template the pre-flight refuses (no unsubscribe link).
 */
import type { apiClient } from '@app/local-stack/testing/api-client'
import { expect } from 'vitest'
import { teamOrgWithMonitoring } from './campaign-seed'

export const SENDER = 'news@wizard.example'
export const POSTAL = '1 Main Street, Springfield'
export const CONTACTS = 150
/** The contact searched for: far beyond the first page of 50, with a name of its own. */
export const FAR = { index: 130, firstName: 'Zora' }
export const contactEmail = (index: number) => `reader-${String(index).padStart(4, '0')}@wizard.example`

/** A template the review refuses: the postal address is there, the unsubscribe link is not. */
export const REFUSED_HTML = `<!doctype html><html><body>
<h1>Hello {{firstName}}</h1>
<p>What we shipped this month.</p>
<p>Acme Books, ${POSTAL}</p>
</body></html>`

type Api = ReturnType<typeof apiClient>

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string): Promise<T> {
  const deadline = Date.now() + 120_000
  for (;;) {
    const value = await read()
    if (done(value)) return value
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}: ${JSON.stringify(value)}`)
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}

/** An import as the browser starts one (presigned PUT, then the job), waited for. */
async function importContacts(api: Api, orgId: string, topicId: string) {
  const rows = Array.from({ length: CONTACTS }, (_, index) =>
    [contactEmail(index), index === FAR.index ? FAR.firstName : `Reader${index}`].join(','),
  )
  const prepared = await api.get<{ uploadUrl: string; fileKey: string; headers: Record<string, string> }>(
    `/api/contacts/import?organizationId=${orgId}&fileName=seed.csv&fileType=text/csv`,
  )
  expect(prepared.status, JSON.stringify(prepared.body)).toBe(200)
  const put = await fetch(prepared.body.uploadUrl, {
    method: 'PUT',
    headers: prepared.body.headers,
    body: ['email,firstName', ...rows].join('\n'),
  })
  expect(put.status).toBe(200)
  const started = await api.post<{ id: string }>('/api/contacts/import', {
    organizationId: orgId,
    fileKey: prepared.body.fileKey,
    topicIds: [topicId],
  })
  expect(started.status, JSON.stringify(started.body)).toBe(202)
  const done = await until(
    async () =>
      (
        await api.get<{ status: string; counts: { created: number } }>(
          `/api/contacts/import/${started.body.id}?organizationId=${orgId}`,
        )
      ).body,
    (job) => job.status === 'succeeded' || job.status === 'failed',
    'the contact import',
  )
  expect(done.counts.created).toBe(CONTACTS)
}

export async function seedWizard() {
  const { owner, api, orgId, q, aws } = await teamOrgWithMonitoring('wizard', SENDER)

  const topic = await api.post<{ id: string }>(`/api/topics?${q}`, { name: 'Product news' })
  expect(topic.status, JSON.stringify(topic.body)).toBe(201)
  await importContacts(api, orgId, topic.body.id)
  const template = await api.post<{ id: string }>(`/api/templates?${q}`, {
    name: 'monthly-news',
    editorType: 'HTML',
    subject: 'News for {{firstName}}',
    source: REFUSED_HTML,
  })
  expect(template.status, JSON.stringify(template.body)).toBe(201)
  return {
    owner,
    api,
    orgId,
    awsAccountId: aws.body.id,
    topicId: topic.body.id,
    templateId: template.body.id,
  }
}

export type WizardSeed = Awaited<ReturnType<typeof seedWizard>>

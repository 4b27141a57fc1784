/** Shared steps of the audience tests: a Team organization, topics and contacts through the API. */
import { expect } from 'vitest'
import { setSubscription } from './seed'
import { newUser } from './stack'

export type User = Awaited<ReturnType<typeof newUser>>

export async function audienceOrg() {
  const user = await newUser()
  const orgId: string = (await user.api.get('/api/account')).body.selectedOrganization
  await setSubscription(orgId, 'TEAM_MONTHLY', 'active')
  return { user, orgId, q: `organizationId=${orgId}` }
}

export async function createTopic(user: User, orgId: string, body: Record<string, unknown>) {
  const created = await user.api.post(`/api/topics?organizationId=${orgId}`, body)
  expect(created.status, JSON.stringify(created.body)).toBe(201)
  return created.body as { id: string; name: string; defaultSubscriptionStatus: string }
}

export async function createContact(user: User, orgId: string, body: Record<string, unknown>) {
  const created = await user.api.post(`/api/contacts?organizationId=${orgId}`, body)
  expect(created.status, JSON.stringify(created.body)).toBe(201)
  return created.body as { id: string; email: string; version: number }
}

export async function topicCounts(user: User, orgId: string, topicId: string) {
  const read = await user.api.get(`/api/topics/${topicId}?organizationId=${orgId}`)
  expect(read.status, JSON.stringify(read.body)).toBe(200)
  return read.body.counts as { subscribed: number; unsubscribed: number; pending: number; total: number }
}

/** Every page of a contact list (following nextCursor, partial pages included): the emails in order. */
export async function allEmails(user: User, query: string, limit = 100): Promise<string[]> {
  const emails: string[] = []
  let cursor: string | null = null
  for (let page = 0; page < 1000; page++) {
    const read = await user.api.get(
      `/api/contacts?${query}&limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
    )
    expect(read.status, JSON.stringify(read.body)).toBe(200)
    emails.push(...read.body.items.map((contact: { email: string }) => contact.email))
    cursor = read.body.nextCursor
    if (!cursor) return emails
  }
  throw new Error('too many pages')
}

export async function waitForJob(user: User, orgId: string, jobId: string, timeoutMs = 60_000) {
  const until = Date.now() + timeoutMs
  for (;;) {
    const read = await user.api.get(`/api/jobs/${jobId}?organizationId=${orgId}`)
    expect(read.status, JSON.stringify(read.body)).toBe(200)
    if (['succeeded', 'partially_failed', 'failed'].includes(read.body.status)) return read.body
    if (Date.now() > until) throw new Error(`job ${jobId} did not finish: ${JSON.stringify(read.body)}`)
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}

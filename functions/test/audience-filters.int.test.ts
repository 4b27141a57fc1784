import { pageContacts } from '@app/core/audience/list'
import { changeSubscriptions, suppress, upsertContacts } from '@app/core/audience/public'
import { describe, expect, it } from 'vitest'
import { allEmails, audienceOrg, createContact, createTopic } from './audience-helpers'

type Status = 'OPT_IN' | 'OPT_OUT' | 'PENDING'
interface Seed {
  email: string
  firstName?: string
  lastName?: string
  a?: Status
  b?: Status
  unsubscribeAll?: boolean
  bounced?: boolean
}

/** Every state a contact can be in for two topics: A defaults to OPT_IN, B to OPT_OUT (double opt-in). */
const SEEDS: Seed[] = [
  { email: 'anders@example.com', a: 'OPT_IN', b: 'OPT_IN' },
  { email: 'andrea@example.com', firstName: 'Andrea', a: 'OPT_OUT' },
  { email: 'annie@example.com', b: 'PENDING' },
  { email: 'bob@example.com', firstName: 'Anna', lastName: 'Bell', a: 'OPT_IN', b: 'OPT_OUT' },
  { email: 'carl@example.com', firstName: 'Carl', unsubscribeAll: true, a: 'OPT_IN' },
  { email: 'dana@example.com', lastName: 'Anderson', unsubscribeAll: true },
  { email: 'eve@example.com', bounced: true, b: 'OPT_IN' },
  { email: 'frank@example.com', firstName: 'Frank', a: 'OPT_OUT', b: 'OPT_OUT' },
  { email: 'gina@example.com', a: 'OPT_IN' },
  { email: 'hal@example.com', firstName: 'ANTON', b: 'OPT_IN' },
  { email: 'ivy@example.com' },
  { email: 'an@example.com', firstName: 'Zed', a: 'PENDING' },
]

interface Filters {
  searchQuery?: string
  topic?: 'a' | 'b'
  status?: 'optIn' | 'optOut' | 'pending'
  optInByDefault?: boolean
  defaultStatus?: boolean
  unsubscribeAll?: boolean
}

const DEFAULTS = { a: 'OPT_IN', b: 'OPT_OUT' } as const
const STATUS = { optIn: 'OPT_IN', optOut: 'OPT_OUT', pending: 'PENDING' } as const
const nameOf = (seed: Seed) => [seed.firstName, seed.lastName].filter(Boolean).join(' ').toLowerCase()

/** The contract's semantics, written independently of the server: which seeds match, in the listed order. */
function expected(filters: Filters): string[] {
  const matches = SEEDS.filter((seed) => {
    if (filters.unsubscribeAll !== undefined && Boolean(seed.unsubscribeAll) !== filters.unsubscribeAll)
      return false
    if (filters.topic) {
      const preference = seed[filters.topic]
      if (filters.defaultStatus && preference) return false
      if (!preference && !filters.optInByDefault && !filters.defaultStatus) return false
      const effective =
        seed.unsubscribeAll || seed.bounced ? 'OPT_OUT' : (preference ?? DEFAULTS[filters.topic])
      if (filters.status && effective !== STATUS[filters.status]) return false
    }
    return true
  })
  const q = filters.searchQuery
  if (!q) return matches.map((seed) => seed.email).sort()
  const byEmail = matches
    .filter((seed) => seed.email.startsWith(q))
    .map((seed) => seed.email)
    .sort()
  const byName = matches
    .filter((seed) => !seed.email.startsWith(q) && nameOf(seed).startsWith(q))
    .sort((x, y) => (nameOf(x) < nameOf(y) ? -1 : 1))
    .map((seed) => seed.email)
  return [...byEmail, ...byName]
}

describe('GET contacts filters (SES ListContacts semantics)', () => {
  it('answers every filter and combination exactly, page after page', async () => {
    const { user, orgId, q } = await audienceOrg()
    const a = await createTopic(user, orgId, { name: 'A', defaultSubscriptionStatus: 'OPT_IN' })
    const b = await createTopic(user, orgId, { name: 'B', doubleOptIn: true })
    const topicIds = { a: a.id, b: b.id }
    for (const seed of SEEDS) {
      const preferences = (['a', 'b'] as const).flatMap((topic) => {
        const status = seed[topic]
        return status && status !== 'PENDING' ? [{ topicId: topicIds[topic], status }] : []
      })
      const contact = await createContact(user, orgId, {
        email: seed.email,
        ...(seed.firstName ? { firstName: seed.firstName } : {}),
        ...(seed.lastName ? { lastName: seed.lastName } : {}),
        topicPreferences: preferences,
        unsubscribeAll: seed.unsubscribeAll ?? false,
      })
      for (const topic of ['a', 'b'] as const) {
        if (seed[topic] === 'PENDING')
          await changeSubscriptions(
            orgId,
            contact.id,
            { topics: { [topicIds[topic]]: 'PENDING' } },
            { source: 'signup' },
          )
      }
      if (seed.bounced) await suppress(orgId, { email: seed.email, reason: 'BOUNCED', source: 'bounce' })
    }

    const combinations: Filters[] = []
    for (const searchQuery of [undefined, 'an']) {
      for (const unsubscribeAll of [undefined, true, false]) {
        combinations.push({ searchQuery, unsubscribeAll })
        for (const topic of ['a', 'b'] as const) {
          for (const status of [undefined, 'optIn', 'optOut', 'pending'] as const) {
            for (const optInByDefault of [false, true]) {
              for (const defaultStatus of [false, true]) {
                combinations.push({
                  searchQuery,
                  unsubscribeAll,
                  topic,
                  status,
                  optInByDefault,
                  defaultStatus,
                })
              }
            }
          }
        }
      }
    }
    const failures: string[] = []
    const check = async (filters: Filters) => {
      const params = new URLSearchParams()
      if (filters.searchQuery) params.set('searchQuery', filters.searchQuery.toUpperCase())
      if (filters.topic) params.set('topicId', topicIds[filters.topic])
      if (filters.status) params.set(filters.status, 'true')
      if (filters.optInByDefault) params.set('optInByDefault', 'true')
      if (filters.defaultStatus) params.set('defaultStatus', 'true')
      if (filters.unsubscribeAll !== undefined) params.set('unsubscribeAll', String(filters.unsubscribeAll))
      const got = await allEmails(user, `${q}&${params}`, 3)
      const want = expected(filters)
      // A topic without a status lists its preference index grouped by status: compare as sets there.
      const unordered = filters.topic && !filters.status && !filters.searchQuery
      const same = unordered
        ? JSON.stringify([...got].sort()) === JSON.stringify([...want].sort()) &&
          new Set(got).size === got.length
        : JSON.stringify(got) === JSON.stringify(want)
      if (!same) failures.push(`${JSON.stringify(filters)}: got ${got.join(',')} want ${want.join(',')}`)
      // The count agrees with the list wherever the counters answer, and is null exactly where they cannot.
      const counted = await user.api.get(`/api/contacts/count?${q}&${params}`)
      const exact =
        !filters.searchQuery &&
        filters.unsubscribeAll === undefined &&
        !filters.defaultStatus &&
        (filters.topic ? Boolean(filters.status && filters.optInByDefault) : true)
      const wantCount = exact ? want.length : null
      if (counted.status !== 200 || counted.body.count !== wantCount)
        failures.push(
          `count ${JSON.stringify(filters)}: got ${counted.status} ${counted.body.count} want ${wantCount}`,
        )
    }
    for (let index = 0; index < combinations.length; index += 8) {
      await Promise.all(combinations.slice(index, index + 8).map(check))
    }
    expect(failures).toEqual([])
    expect(combinations.length).toBeGreaterThan(190)
  }, 600_000)

  it('refuses contradictory or topic-less filters, and cursors of another query', async () => {
    const { user, orgId, q } = await audienceOrg()
    const topic = await createTopic(user, orgId, { name: 'T' })
    for (let index = 0; index < 3; index++)
      await createContact(user, orgId, { email: `c${index}@example.com` })
    const bad = [
      `${q}&optIn=true`,
      `${q}&topicId=${topic.id}&optIn=true&optOut=true`,
      `${q}&topicId=${topic.id}&optIn=maybe`,
      `${q}&defaultStatus=true`,
      `${q}&topicId=nope`,
      `${q}&limit=0`,
      `${q}&limit=101`,
      `${q}&searchQuery=${encodeURIComponent('a\nb')}`,
      `${q}&unknown=1`,
    ]
    for (const query of bad) {
      const response = await user.api.get(`/api/contacts?${query}`)
      expect(response.status, query).toBe(400)
      expect(response.body.error.code).toBe('request.invalid')
    }
    const first = await user.api.get(`/api/contacts?${q}&limit=1`)
    expect(first.body.items).toHaveLength(1)
    const cursor = first.body.nextCursor as string
    expect(cursor).toBeTruthy()
    const otherFilter = await user.api.get(`/api/contacts?${q}&limit=1&searchQuery=c&cursor=${cursor}`)
    expect(otherFilter.status).toBe(400)
    const tampered = await user.api.get(`/api/contacts?${q}&limit=1&cursor=${cursor.slice(0, -2)}xx`)
    expect(tampered.status).toBe(400)
    const other = await audienceOrg()
    const foreign = await other.user.api.get(`/api/contacts?${other.q}&limit=1&cursor=${cursor}`)
    expect(foreign.status).toBe(400)
    const second = await user.api.get(`/api/contacts?${q}&limit=1&cursor=${cursor}`)
    expect(second.body.items[0].email).toBe('c1@example.com')
    const unknownTopic = await user.api.get(`/api/contacts?${q}&topicId=${other.orgId}&optIn=true`)
    expect(unknownTopic.status).toBe(404)
    for (const query of bad.filter((query) => !query.includes('limit='))) {
      const response = await user.api.get(`/api/contacts/count?${query}`)
      expect(response.status, query).toBe(400)
      expect(response.body.error.code).toBe('request.invalid')
    }
    expect((await user.api.get(`/api/contacts/count?${q}&limit=1`)).status).toBe(400)
    expect((await user.api.get(`/api/contacts/count?${q}`)).body).toEqual({ count: 3 })
    // Another organization's topic is not found, and its contacts are not counted.
    const foreignTopic = await user.api.get(
      `/api/contacts/count?${q}&topicId=${other.orgId}&optIn=true&optInByDefault=true`,
    )
    expect(foreignTopic.status).toBe(404)
    expect((await other.user.api.get(`/api/contacts/count?${other.q}`)).body).toEqual({ count: 0 })
    const stranger = await user.api.get(`/api/contacts/count?organizationId=${other.orgId}`)
    expect(stranger.status).toBe(404)
  })
})

describe('bounded filtered reads', () => {
  it('answer partial pages with a cursor when the read budget runs out, and the cursors reach every match once', async () => {
    const { user, orgId } = await audienceOrg()
    const rows = Array.from({ length: 40 }, (_, index) => ({
      email: `r${String(index).padStart(2, '0')}@example.com`,
    }))
    const seeded = await upsertContacts(orgId, rows, {
      existing: 'skip',
      topicIds: [],
      origin: { source: 'import' },
    })
    for (const index of [7, 31]) {
      await changeSubscriptions(
        orgId,
        seeded[index]?.contactId as string,
        { unsubscribeAll: true },
        { source: 'api' },
      )
    }
    const pages: { items: { email: string }[]; nextCursor: string | null }[] = []
    let cursor: string | undefined
    do {
      // A budget of 8 index entries a call: far less than the 40 contacts the filter reads through.
      const page = await pageContacts(
        orgId,
        { unsubscribeAll: true, limit: 10, ...(cursor ? { cursor } : {}) },
        8,
      )
      pages.push(page)
      cursor = page.nextCursor ?? undefined
    } while (cursor && pages.length < 100)
    expect(pages.flatMap((page) => page.items.map((item) => item.email))).toEqual([
      'r07@example.com',
      'r31@example.com',
    ])
    expect(pages.length).toBeGreaterThan(2)
    expect(pages.some((page) => page.items.length === 0 && page.nextCursor !== null)).toBe(true)
    // An index-backed read fills its pages whatever the budget.
    const full = await pageContacts(orgId, { limit: 10 }, 8)
    expect(full.items).toHaveLength(10)
    expect(user).toBeTruthy()
  })
})

import { describe, expect, it } from 'vitest'
import { audienceOrg } from './audience-helpers'
import { orgState } from './fixtures'

/** A body holding a `__proto__` key as JSON sends it (an object literal would set the prototype instead). */
const withProto = (json: string) => JSON.parse(json)

describe('attribute names: one rule, refused by name, never a 500 or a silent drop', () => {
  it('refuses built-in names on create and update, naming the attribute, and changes nothing', async () => {
    const { user, orgId, q } = await audienceOrg()
    const created = await user.api.post(`/api/contacts?${q}`, {
      email: 'names@example.com',
      attributes: { plan: 'pro', constructorX: 'kept', _internal: 'kept' },
    })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    expect(created.body.attributes).toEqual({ plan: 'pro', constructorX: 'kept', _internal: 'kept' })
    const id = created.body.id
    const before = await orgState(orgId)

    for (const name of ['constructor', 'toString', 'valueOf', 'hasOwnProperty']) {
      const posted = await user.api.post(`/api/contacts?${q}`, {
        email: `${name.toLowerCase()}@example.com`,
        attributes: { [name]: 'x' },
      })
      expect(posted.status, JSON.stringify(posted.body)).toBe(400)
      expect(posted.body.error.code).toBe('request.invalid')
      expect(posted.body.error.message).toMatch(new RegExp(`^body\\.attributes\\.${name}: `))
      const patched = await user.api.patch(`/api/contacts/${id}?${q}`, {
        version: 1,
        attributes: { [name]: 'x' },
      })
      expect(patched.status, JSON.stringify(patched.body)).toBe(400)
      expect(patched.body.error.message).toMatch(new RegExp(`^body\\.attributes\\.${name}: `))
    }

    // Valid JSON with a `__proto__` key: a field refused by name, not unparseable JSON.
    for (const body of [
      withProto('{"email":"proto@example.com","attributes":{"__proto__":{"x":"1"}}}'),
      withProto('{"email":"proto@example.com","__proto__":{"isAdmin":true}}'),
    ]) {
      const posted = await user.api.post(`/api/contacts?${q}`, body)
      expect(posted.status, JSON.stringify(posted.body)).toBe(400)
      expect(posted.body.error.code).toBe('request.invalid')
      expect(posted.body.error.message).toMatch(/^body\.(attributes\.)?__proto__: /)
    }
    const patched = await user.api.patch(
      `/api/contacts/${id}?${q}`,
      withProto('{"version":1,"attributes":{"__proto__":"x"}}'),
    )
    expect(patched.status).toBe(400)
    expect(patched.body.error.message).toMatch(/^body\.attributes\.__proto__: /)

    // An import mapping a column to a built-in name is refused before it is queued.
    const imported = await user.api.post('/api/contacts/import', {
      organizationId: orgId,
      fileKey: `imports/${orgId}/01ARZ3NDEKTSV4RRFFQ69G5FAV`,
      columns: { email: 'email', attributes: { constructor: 'plan' } },
    })
    expect(imported.status, JSON.stringify(imported.body)).toBe(400)
    expect(imported.body.error.message).toMatch(/^body\.columns\.attributes\.constructor: /)

    expect(await orgState(orgId)).toBe(before)
  })
})

import { describe, expect, it } from 'vitest'
import * as z from 'zod'
import { itemParser, MalformedItem, parseItem } from './item'

const Thing = z.object({ id: z.string(), version: z.number().int(), tags: z.array(z.string()).default([]) })

describe('parseItem', () => {
  it('returns the domain record without keys or entity', () => {
    const item = { PK: 'ORG#1', SK: 'THING#a', entity: 'Thing', id: 'a', version: 3 }
    expect(parseItem(Thing, item)).toEqual({ id: 'a', version: 3, tags: [] })
    expect([item].map(itemParser(Thing))).toEqual([{ id: 'a', version: 3, tags: [] }])
  })

  it('refuses a malformed item, naming its key and the field', () => {
    const item = { PK: 'ORG#1', SK: 'THING#b', entity: 'Thing', id: 'b', version: '3' }
    expect(() => parseItem(Thing, item)).toThrow(MalformedItem)
    expect(() => parseItem(Thing, item)).toThrow(/ORG#1 \/ THING#b \(Thing\).*version/)
  })
})

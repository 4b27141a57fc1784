/** The sort key of an account's or an organization's own record. */
export const PROFILE = 'PROFILE'

/** Names sort case-insensitively, then as written, then by id (the separator sorts before any name character). */
export const nameSortKey = (name: string, id: string) => `${name.toLowerCase()}\u0001${name}\u0001${id}`

/** Attributes that only serve indexes, dropped when an item becomes a domain record. */
export const LIST_INDEX_ATTRIBUTES = ['GSI1PK', 'GSI1SK', 'GSI2PK', 'GSI2SK', 'searchName'] as const

import { describe, expect, it } from 'vitest'
import { ApiError } from './api-error'
import { createQueryClient } from './query-client'

const gone = () => new ApiError(404, 'organization.not_found', 'No such organization.')

describe('the query client', () => {
  it('reads the account again when an organization answers that the caller is no longer in it', async () => {
    const client = createQueryClient()
    client.setQueryData(['account', 'current'], { id: 'me' })
    await client
      .fetchQuery({ queryKey: ['team', 'org'], queryFn: () => Promise.reject(gone()) })
      .catch(() => undefined)
    expect(client.getQueryState(['account', 'current'])?.isInvalidated).toBe(true)
  })

  it('does the same for a refused change, and leaves the account alone on other errors', async () => {
    const client = createQueryClient()
    client.setQueryData(['account', 'current'], { id: 'me' })
    await client
      .fetchQuery({
        queryKey: ['team', 'other'],
        queryFn: () => Promise.reject(new ApiError(403, 'permission.denied', 'No.')),
      })
      .catch(() => undefined)
    expect(client.getQueryState(['account', 'current'])?.isInvalidated).toBe(false)
    const mutation = client.getMutationCache().build(client, {
      mutationFn: () => Promise.reject(gone()),
      meta: { handlesErrors: true },
    })
    await mutation.execute(undefined).catch(() => undefined)
    expect(client.getQueryState(['account', 'current'])?.isInvalidated).toBe(true)
  })
})

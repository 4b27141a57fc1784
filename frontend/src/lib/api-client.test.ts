// biome-ignore lint/style/noRestrictedImports: a test, never shipped: it reads the whole route table
import { routes } from '@app/contracts'
import { describe, expect, expectTypeOf, it } from 'vitest'
import { apiRequest, apiUrl, queryString, type RequestOptions } from './api-client'

describe('apiUrl', () => {
  const origin = 'https://studio.example.com'

  it('calls this site when the base is empty or a slash', () => {
    expect(apiUrl('', '/api/account', origin)).toBe('https://studio.example.com/api/account')
    expect(apiUrl('/', '/api/account', origin)).toBe('https://studio.example.com/api/account')
  })

  it('calls another origin without doubling a path prefix', () => {
    expect(apiUrl('http://localhost:4010', '/api/account', origin)).toBe('http://localhost:4010/api/account')
    expect(apiUrl('https://api.example.com/api', '/api/account', origin)).toBe(
      'https://api.example.com/api/account',
    )
  })
})

describe('queryString', () => {
  it('encodes the defined values and skips the rest', () => {
    expect(queryString({ organizationId: '01J', cursor: undefined })).toBe('?organizationId=01J')
    expect(queryString({ from: '2025-01-01', to: '2025-01-31', cursor: 'a b&c' })).toBe(
      '?from=2025-01-01&to=2025-01-31&cursor=a+b%26c',
    )
    expect(queryString({})).toBe('')
    expect(queryString(undefined)).toBe('')
  })
})

describe('path parameters (checked by typecheck)', () => {
  it('asks for exactly the placeholders of the route path', () => {
    expectTypeOf<RequestOptions<typeof routes.getCampaign>['params']>().toEqualTypeOf<{ id: string }>()
    expectTypeOf<RequestOptions<typeof routes.getTemplateVersion>['params']>().toEqualTypeOf<{
      id: string
      version: string
    }>()
    expectTypeOf<RequestOptions<typeof routes.getAccount>['params']>().toEqualTypeOf<undefined>()
  })

  it('refuses a missing, misspelled or extra parameter', () => {
    // Never called: the calls only have to compile, or fail to where marked.
    const calls = () => [
      apiRequest(routes.getTemplateVersion, { params: { id: 't', version: '2' } }),
      apiRequest(routes.getAccount),
      // @ts-expect-error the path has {id}: the options cannot be left out
      apiRequest(routes.deleteTemplate),
      // @ts-expect-error {version} is missing
      apiRequest(routes.getTemplateVersion, { params: { id: 't' } }),
      // @ts-expect-error `templateId` is not a placeholder of /api/templates/{id}
      apiRequest(routes.deleteTemplate, { params: { templateId: 't' } }),
      // @ts-expect-error /api/account has no placeholders
      apiRequest(routes.getAccount, { params: { id: 'a' } }),
    ]
    expect(typeof calls).toBe('function')
  })
})

/**
 * Test-only glue for the API integration tests: the running local stack (started by vitest's global setup),
 * signed-up users and an API client. Core functions used to seed state talk to the same stand-ins.
 */
import { applyEnvironment, handlerEnvironment } from '@app/local-stack/environment'
import { apiClient } from '@app/local-stack/testing/api-client'
import { signUp } from '@app/local-stack/testing/cognito-users'
import { injectLocalStack } from '@app/local-stack/testing/inject-local-stack'
import { uniqueEmail } from '@app/local-stack/testing/unique-email'

export { signIn, signUp } from '@app/local-stack/testing/cognito-users'
export { waitForMail } from '@app/local-stack/testing/mailbox'
export { uniqueEmail }

export const stack = injectLocalStack()
applyEnvironment(handlerEnvironment(stack, 'error'))

// biome-ignore lint/suspicious/noExplicitAny: response bodies are checked field by field by the assertions
type Json = any
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

/** The local-stack API client with JSON bodies loosely typed, as assertions inspect them. */
export function api(idToken?: string) {
  const client = apiClient(stack, idToken)
  return {
    request: (method: Method, path: string, options?: Parameters<typeof client.request>[2]) =>
      client.request<Json>(method, path, options),
    get: (path: string) => client.get<Json>(path),
    post: (path: string, body?: unknown) => client.post<Json>(path, body),
    patch: (path: string, body?: unknown) => client.patch<Json>(path, body),
    delete: (path: string) => client.delete<Json>(path),
  }
}

export async function newUser(options: { createAccount?: boolean } = {}) {
  const user = await signUp(stack, { email: uniqueEmail() })
  const userApi = api(user.idToken)
  if (options.createAccount !== false) {
    const created = await userApi.post('/api/account', { email: user.email })
    if (created.status !== 201) throw new Error(`account creation failed: ${JSON.stringify(created.body)}`)
  }
  return { ...user, api: userApi }
}

export const anonymous = () => api()

export function tokenFromMail(html: string | undefined, path: string): string {
  const match = html?.match(new RegExp(`${path}#token=([A-Za-z0-9_-]{43})`))
  if (!match?.[1]) throw new Error(`no ${path} link in mail`)
  return match[1]
}

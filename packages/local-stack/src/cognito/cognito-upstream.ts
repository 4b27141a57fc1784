import { CognitoFailure } from './cognito-errors'

export type CognitoMessage = Record<string, unknown>

/** cognito-local's JSON API, with its failures turned into `CognitoFailure`s. */
export interface CognitoUpstream {
  readonly url: string
  call(operation: string, input: CognitoMessage): Promise<CognitoMessage>
}

export function createCognitoUpstream(url: string): CognitoUpstream {
  return {
    url,
    async call(operation, input) {
      const response = await fetch(`${url}/`, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-amz-json-1.1',
          'x-amz-target': `AWSCognitoIdentityProviderService.${operation}`,
        },
        body: JSON.stringify(input),
      })
      const text = await response.text()
      const body = (text ? JSON.parse(text) : {}) as CognitoMessage
      if (response.ok) return body
      const type = typeof body.__type === 'string' ? body.__type : 'InternalErrorException'
      const message = typeof body.message === 'string' ? body.message : `${operation} failed`
      if (type === 'CognitoLocal#Unsupported')
        throw new CognitoFailure('UnsupportedOperationException', message)
      throw new CognitoFailure(type, message, response.status >= 500 ? 500 : 400)
    },
  }
}

export const isFailure = (error: unknown, ...types: string[]): error is CognitoFailure =>
  error instanceof CognitoFailure && types.includes(error.type)

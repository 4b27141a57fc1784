import type { z } from 'zod'
import { invalidRequest } from '../errors'
import { callOf, type Step } from '../pipeline'

function parsePart(schema: z.ZodType | undefined, value: unknown, where: string): unknown {
  if (!schema) return undefined
  const result = schema.safeParse(value)
  if (!result.success) throw invalidRequest(result.error, where)
  return result.data
}

/**
 * Step 7: the body, path and query by the route's zod schemas; a failure is 400 `request.invalid` naming the
 * field (`body.name: Too long`). A raw-body route's text stays as sent.
 */
export function validate(): Step {
  return {
    name: 'validate',
    before: (request) => {
      const call = callOf(request.event)
      const { route } = call
      if (!route.rawBody) call.body = parsePart(route.body, call.sent, 'body')
      call.params = parsePart(route.params, request.event.pathParameters ?? {}, 'path')
      call.query = parsePart(route.query, request.event.queryStringParameters ?? {}, 'query')
    },
  }
}

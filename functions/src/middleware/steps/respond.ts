import { AppError } from '@app/core'
import { env } from '../../env'
import { jsonResponse } from '../errors'
import { type ApiResponse, callOf, type Event } from '../pipeline'

/** What a 302 route's handler returns: where to send the browser (an address of our own site). */
export interface Redirect {
  location: string
}

export interface FileResult {
  filename: string
  content: string
}

/** A file too large to answer at once: the job that writes it, answered 202 as JSON. */
export interface AcceptedFile {
  accepted: unknown
}

type RouteHandler = (input: unknown) => Promise<unknown>

function fileResponse(contentType: string, file: FileResult): ApiResponse {
  const safeName = file.filename.replace(/[^\w.-]/g, '_')
  return {
    statusCode: 200,
    headers: {
      'content-type': `${contentType}; charset=utf-8`,
      'content-disposition': `attachment; filename="${safeName}"`,
      'cache-control': 'no-store',
    },
    body: file.content,
  }
}

/**
 * The last step: the route's handler gets the call (caller, context, account, validated params, query and body,
 * log, event) and returns plain data, answered here as the route declares — 204 without a body, 302 to its
 * `location`, a file (or 202 with the job writing it), else JSON with the route's status. Locally and in tests, a
 * response that drifts from its contract fails loudly.
 */
export function respond(handlers: Readonly<Record<string, RouteHandler>>) {
  return async (event: Event): Promise<ApiResponse> => {
    const call = callOf(event)
    const { route } = call
    const handler = handlers[route.id]
    if (!handler) throw new AppError('route.not_found', `No handler for ${route.id}.`)
    const result = await handler({
      actor: call.actor,
      context: call.context,
      account: call.account,
      params: call.params,
      query: call.query,
      body: call.body,
      log: call.log,
      event,
    })
    if (route.status === 204) return { statusCode: 204, headers: { 'cache-control': 'no-store' } }
    if (route.status === 302)
      return {
        statusCode: 302,
        headers: { location: (result as Redirect).location, 'cache-control': 'no-store' },
      }
    if (route.produces) {
      const file = result as FileResult | AcceptedFile
      if ('accepted' in file) return jsonResponse(202, file.accepted)
      return fileResponse(route.produces, file)
    }
    const payload = env.stage === 'local' && route.response ? route.response.parse(result) : result
    return jsonResponse(route.status, payload ?? {})
  }
}

/** Unit-test helpers for one pipeline step: a call started for a route, and its `before` run on it. */
import type { RouteEntry } from '@app/contracts'
import { createLogger } from '@app/core'
import type { APIGatewayProxyEventV2WithJWTAuthorizer } from 'aws-lambda'
import { stepRequest } from './handler-testing'
import { type Call, type PipelineRequest, type Step, startCall } from './pipeline'

const log = createLogger({ service: 'test' }, 'error')

export const probeRoute = (fields: Partial<RouteEntry> = {}) =>
  ({
    id: 'getOpenApi',
    method: 'POST',
    path: '/api/probe',
    group: 'docs',
    summary: 'probe',
    auth: 'none',
    status: 200,
    ...fields,
  }) as RouteEntry

/** A request for `event` whose call (as `matchRoute` starts it) serves `route`, with `fields` already filled. */
export function callFor(
  route: RouteEntry,
  event: APIGatewayProxyEventV2WithJWTAuthorizer,
  fields: Partial<Call> = {},
) {
  const request = stepRequest(event) as PipelineRequest
  const call = startCall(event, {
    route,
    log,
    started: Date.now(),
    sent: undefined,
    body: undefined,
    accountWithContext: false,
    ...fields,
  })
  return { request, call }
}

export const runBefore = async (step: Step, request: PipelineRequest) => step.before?.(request)

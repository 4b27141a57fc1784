export interface RouteShape {
  /** An HTTP method, or `ANY` (a key-only group's greedy routes: `gatewayRoutes`). */
  method: string
  /** API Gateway path syntax: `/api/organizations/{id}`, greedy `{proxy+}` last. */
  path: string
}

export interface RouteMatch<R extends RouteShape> {
  route: R
  pathParameters: Record<string, string>
}

type Segment =
  | { kind: 'literal'; value: string }
  | { kind: 'param'; name: string }
  | { kind: 'greedy'; name: string }

const parseSegments = (path: string): Segment[] =>
  path
    .split('/')
    .slice(1)
    .map((part) => {
      const param = /^\{(\w+)(\+?)\}$/.exec(part)
      if (!param) return { kind: 'literal', value: part }
      return param[2] ? { kind: 'greedy', name: param[1] ?? '' } : { kind: 'param', name: param[1] ?? '' }
    })

/** Literal segments beat parameters, which beat greedy ones — API Gateway's "most specific route wins". */
const specificity = (segments: Segment[]) =>
  segments.map((segment) => ({ literal: '2', param: '1', greedy: '0' })[segment.kind]).join('')

/**
 * HTTP API route selection for `METHOD /path` routes: exact method (or `ANY`), exact segments (no trailing-slash
 * leniency), `{param}` matching one non-empty segment, the most specific route first.
 */
export function createRouteMatcher<R extends RouteShape>(routes: readonly R[]) {
  const compiled = routes
    .map((route) => ({ route, segments: parseSegments(route.path) }))
    .sort((a, b) => specificity(b.segments).localeCompare(specificity(a.segments)))

  return (method: string, rawPath: string): RouteMatch<R> | undefined => {
    const parts = rawPath.split('/').slice(1)
    for (const { route, segments } of compiled) {
      if (route.method !== method && route.method !== 'ANY') continue
      const pathParameters = matchSegments(segments, parts)
      if (pathParameters) return { route, pathParameters }
    }
    return undefined
  }
}

function matchSegments(segments: Segment[], parts: string[]): Record<string, string> | undefined {
  const params: Record<string, string> = {}
  for (const [index, segment] of segments.entries()) {
    const part = parts[index]
    if (segment.kind === 'greedy') {
      const rest = parts.slice(index).join('/')
      if (!rest) return undefined
      params[segment.name] = decode(rest)
      return params
    }
    if (part === undefined) return undefined
    if (segment.kind === 'literal' ? part !== segment.value : part === '') return undefined
    if (segment.kind === 'param') params[segment.name] = decode(part)
  }
  return parts.length === segments.length ? params : undefined
}

function decode(value: string): string {
  try {
    return decodeURIComponent(value)
  } catch {
    return value
  }
}

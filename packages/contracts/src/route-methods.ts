/** A route as this module reads it: its method and API Gateway path (`/api/contacts/{id}`, greedy `{proxy+}`). */
interface MethodPath {
  method: string
  path: string
}

function pathMatches(template: string, path: string): boolean {
  const segments = template.split('/').slice(1)
  const parts = path.split('/').slice(1)
  for (const [index, segment] of segments.entries()) {
    const part = parts[index]
    if (/^\{\w+\+\}$/.test(segment)) return parts.slice(index).join('/') !== ''
    if (part === undefined) return false
    if (/^\{\w+\}$/.test(segment)) {
      if (part === '') return false
    } else if (segment !== part) return false
  }
  return parts.length === segments.length
}

/**
 * The methods the route table serves at a path, for a `405 Method Not Allowed` and its `Allow` header (empty when
 * no route has the path: a 404). The local gateway and the deployed API's catch-all route both answer from here.
 */
export function allowedMethods(routes: readonly MethodPath[], path: string): string[] {
  const methods = new Set(
    routes.filter((route) => pathMatches(route.path, path)).map((route) => route.method),
  )
  return [...methods].sort()
}

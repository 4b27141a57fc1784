import { AppError } from '@app/core'

interface Dsn {
  origin: string
  pathPrefix: string
  publicKey: string
  projectId: string
}

/** `https://<key>@<host>[/<prefix>]/<project>`, or undefined when it is not one. */
export function parseDsn(dsn: string): Dsn | undefined {
  let url: URL
  try {
    url = new URL(dsn)
  } catch {
    return undefined
  }
  const segments = url.pathname.split('/').filter(Boolean)
  const projectId = segments.pop()
  if (url.protocol !== 'https:' || !url.username || !projectId || !/^\d+$/.test(projectId)) return undefined
  return {
    origin: url.origin,
    pathPrefix: segments.length ? `/${segments.join('/')}` : '',
    publicKey: url.username,
    projectId,
  }
}

/**
 * Where an envelope from the browser goes: only to the Sentry project this deployment is configured with. The
 * envelope's first line names its DSN; anything else is refused, so the tunnel can never be used as an open
 * proxy to another host or project.
 */
export function envelopeTarget(envelope: string, configuredDsn: string): string {
  const configured = parseDsn(configuredDsn)
  if (!configured) throw new AppError('route.not_found', 'Browser monitoring is not configured.')
  const firstLine = envelope.slice(0, envelope.indexOf('\n') === -1 ? undefined : envelope.indexOf('\n'))
  let header: unknown
  try {
    header = JSON.parse(firstLine)
  } catch {
    throw new AppError('request.invalid', 'body: not a monitoring envelope')
  }
  const dsn = typeof header === 'object' && header !== null ? (header as { dsn?: unknown }).dsn : undefined
  const sent = typeof dsn === 'string' ? parseDsn(dsn) : undefined
  if (
    !sent ||
    sent.origin !== configured.origin ||
    sent.pathPrefix !== configured.pathPrefix ||
    sent.publicKey !== configured.publicKey ||
    sent.projectId !== configured.projectId
  ) {
    throw new AppError(
      'request.invalid',
      "body: the envelope is not for this deployment's monitoring project",
    )
  }
  return `${configured.origin}${configured.pathPrefix}/api/${configured.projectId}/envelope/`
}

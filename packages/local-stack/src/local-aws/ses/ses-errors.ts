import { AwsError } from '../protocol'

export const badRequest = (message: string) => new AwsError(400, 'BadRequestException', message)
export const notFound = (message: string) => new AwsError(404, 'NotFoundException', message)
export const alreadyExists = (message: string) => new AwsError(400, 'AlreadyExistsException', message)

export function errorTypeForStatus(status: number): string {
  if (status === 404) return 'NotFoundException'
  if (status === 409) return 'AlreadyExistsException'
  if (status === 429) return 'TooManyRequestsException'
  if (status >= 500) return 'InternalServiceErrorException'
  return 'BadRequestException'
}

/** aws-ses-v2-local answers `{ type?, message, detail? }` with its own prefix; SES says `{ message }`. */
export function standInError(status: number, payload: Buffer): AwsError {
  let parsed: { type?: unknown; message?: unknown; detail?: unknown } = {}
  try {
    parsed = JSON.parse(payload.toString('utf8'))
  } catch {
    // not JSON: keep the generic description below
  }
  const type = typeof parsed.type === 'string' ? parsed.type : errorTypeForStatus(status)
  const detail =
    typeof parsed.detail === 'string' ? parsed.detail.replace(/^aws-ses-v2-local: /, '') : undefined
  const message = detail ?? (typeof parsed.message === 'string' ? parsed.message : 'Request failed')
  return new AwsError(status, type, message)
}

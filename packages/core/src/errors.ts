import { type ErrorCode, type ErrorDetails, statusForError } from '@app/contracts'
import { cancellationReasons, TransactionFailed } from './db/transact'

/** A failure the caller can act on; becomes `{ error: { code, message } }` with its status in one place. */
export class AppError extends Error {
  readonly code: ErrorCode
  readonly status: number
  /** What a few codes add to the body (`currentVersion` of a version conflict, `issues` of an invalid template). */
  readonly details: ErrorDetails

  constructor(code: ErrorCode, message: string, details: ErrorDetails = {}) {
    super(message)
    this.name = 'AppError'
    this.code = code
    this.status = statusForError(code)
    this.details = details
  }
}

export function isConditionalCheckFailure(error: unknown): boolean {
  return error instanceof Error && error.name === 'ConditionalCheckFailedException'
}

/** A transaction cancelled because one of its condition checks failed (not throttling or a conflict). */
export function isTransactionConditionFailure(error: unknown): boolean {
  if (error instanceof TransactionFailed) return error.anyConditionFailed
  return (cancellationReasons(error) ?? []).some((reason) => reason.code === 'ConditionalCheckFailed')
}

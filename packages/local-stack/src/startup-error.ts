/** A failure the launcher explains in one line (no stack trace): what failed, and what to do about it. */
export class StartupError extends Error {
  override readonly name = 'StartupError'

  constructor(
    message: string,
    /** Last log lines of the stand-in that failed, shown under the message. */
    readonly logTail: string[] = [],
  ) {
    super(message)
  }
}

/**
 * Everything a starting stack owns, stopped in reverse order of starting. A start fails fast: whatever part
 * finishes starting after `stop()` (a chain still in flight when another one failed) is stopped on arrival.
 */
export class Lifecycle {
  private readonly cleanups: (() => Promise<void> | void)[] = []
  private stopped = false

  constructor(private readonly log: (line: string) => void) {}

  /** Takes ownership of a started part and returns it. */
  own<T extends { stop(): Promise<void> | void }>(part: T): T {
    this.defer(() => part.stop())
    return part
  }

  defer(cleanup: () => Promise<void> | void): void {
    if (this.stopped) void this.run(cleanup)
    else this.cleanups.push(cleanup)
  }

  async stop(): Promise<void> {
    this.stopped = true
    for (const cleanup of this.cleanups.splice(0).reverse()) await this.run(cleanup)
  }

  private async run(cleanup: () => Promise<void> | void): Promise<void> {
    try {
      await cleanup()
    } catch (error) {
      this.log(`while stopping: ${error instanceof Error ? error.message : String(error)}`)
    }
  }
}

/** Everything a starting stack owns, stopped in reverse order of starting — also when the start fails halfway. */
export class Lifecycle {
  private readonly cleanups: (() => Promise<void> | void)[] = []

  constructor(private readonly log: (line: string) => void) {}

  /** Takes ownership of a started part and returns it. */
  own<T extends { stop(): Promise<void> | void }>(part: T): T {
    this.cleanups.push(() => part.stop())
    return part
  }

  defer(cleanup: () => Promise<void> | void): void {
    this.cleanups.push(cleanup)
  }

  async stop(): Promise<void> {
    for (const cleanup of this.cleanups.splice(0).reverse()) {
      try {
        await cleanup()
      } catch (error) {
        this.log(`while stopping: ${error instanceof Error ? error.message : String(error)}`)
      }
    }
  }
}

/**
 * Like Promise.all, but waits for every start to settle, so the parts that did start are already owned
 * (and get stopped) when another one fails.
 */
export async function allStarted<T extends readonly unknown[]>(
  starts: readonly [...{ [K in keyof T]: Promise<T[K]> }],
): Promise<T> {
  const settled = await Promise.allSettled(starts)
  const failure = settled.find((result) => result.status === 'rejected')
  if (failure) throw (failure as PromiseRejectedResult).reason
  return settled.map((result) => (result as PromiseFulfilledResult<unknown>).value) as unknown as T
}

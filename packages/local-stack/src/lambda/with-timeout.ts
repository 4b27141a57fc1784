export class InvocationTimeout extends Error {
  constructor(ms: number) {
    super(`timed out after ${ms} ms`)
  }
}

/** Settles like `promise`, or rejects with `InvocationTimeout` after `ms` (the Lambda or integration timeout). */
export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new InvocationTimeout(ms)), ms)
  })
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer))
}

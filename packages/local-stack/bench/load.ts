/** Runs the load generator (`load-lanes.ts`) in a worker thread for a bench, and reads its latencies. */
import { Worker } from 'node:worker_threads'
import type { LoadJob, LoadResult, Target } from './load-lanes'

// Worker threads do not inherit tsx's loader: register it there before importing the TypeScript module.
const WORKER_BOOTSTRAP = `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}).then(({ register }) => {
  register()
  return import(${JSON.stringify(new URL('./load-lanes.ts', import.meta.url).href)})
})`

/** `count` calls, `concurrency` at a time, from a worker thread; stops issuing new ones at the deadline. */
export function load(
  target: Target,
  count: number,
  options: { concurrency: number; deadline: number },
): Promise<LoadResult> {
  const job: LoadJob = { target, count, ...options }
  const worker = new Worker(WORKER_BOOTSTRAP, { eval: true, workerData: job })
  return new Promise((resolve, reject) => {
    worker.once('message', (result: LoadResult) => {
      void worker.terminate()
      resolve(result)
    })
    worker.once('error', reject)
  })
}

/** The p-th percentile (nearest rank) of samples in any order; NaN when there are none. */
export function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b)
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN
}

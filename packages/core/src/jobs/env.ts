import { ENV } from '@app/contracts'
import * as z from 'zod'

export interface JobsEnv {
  queueUrl: string
  /** SES control-plane calls per second per customer AWS account. */
  sesRate: number
  /** Longest slice one worker invocation works before handing on a continuation. */
  sliceMs: number
}

const Schema = z.object({
  [ENV.jobsQueueUrl]: z.url(),
  [ENV.sesControlPlaneRate]: z.coerce.number().positive().max(100).default(1),
  [ENV.jobSliceMs]: z.coerce.number().int().min(1_000).default(120_000),
})

let parsed: JobsEnv | undefined

/** Read on first use, so only what starts or runs jobs depends on it. */
export function jobsEnv(): JobsEnv {
  if (parsed) return parsed
  const result = Schema.safeParse(process.env)
  if (!result.success) {
    throw new Error(`Invalid environment: ${result.error.issues.map((i) => i.path.join('.')).join(', ')}`)
  }
  parsed = {
    queueUrl: result.data[ENV.jobsQueueUrl],
    sesRate: result.data[ENV.sesControlPlaneRate],
    sliceMs: result.data[ENV.jobSliceMs],
  }
  return parsed
}

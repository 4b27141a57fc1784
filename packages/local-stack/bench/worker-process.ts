/**
 * One queue's worker in a process of its own, as Lambda runs it: the bench starts the stack with that queue
 * unpolled (`unpolledQueues`) and forks this script with the handlers' environment. It polls the queue as the
 * event source mapping does until the parent sends `stop`, then answers with its peak RSS (bytes) and exits.
 * Usage: `fork(this file, [<local-stack.json path>, <queue name>], { env })`.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { QUEUES, type QueueName } from '@app/contracts'
import { SQSClient } from '@aws-sdk/client-sqs'
import type { LocalStackConfig } from '../src/config'
import { localCredentials } from '../src/local-names'
import { FUNCTIONS_SRC } from '../src/repo-paths'
import { startQueuePoller } from '../src/sqs/sqs-poller'

const [configPath, queueName] = process.argv.slice(2) as [string, QueueName]
const config = JSON.parse(readFileSync(configPath, 'utf8')) as LocalStackConfig
const definition = QUEUES[queueName]
const queue = config.queues[queueName]
if (!definition || !queue) throw new Error(`No such queue: ${queueName}`)

const client = new SQSClient({
  region: config.region,
  credentials: localCredentials(),
  endpoint: config.sqsEndpoint,
})
const poller = startQueuePoller({
  client,
  queueUrl: queue.url,
  queueArn: queue.arn,
  region: config.region,
  modulePath: join(FUNCTIONS_SRC, 'workers', `${definition.worker}.ts`),
  functionName: `bench-${definition.worker}`,
  batchSize: definition.batchSize,
  timeoutMs: definition.visibilityTimeoutSeconds * 1000,
  waitTimeSeconds: 1,
  log: (line) => console.error(line),
})

process.on('message', async (message) => {
  if (message !== 'stop') return
  await poller.stop()
  client.destroy()
  // maxRSS is in kilobytes.
  process.send?.({ peakRssBytes: process.resourceUsage().maxRSS * 1024 }, () => process.exit(0))
})
// The bench ended without asking (interrupted): go with it.
process.on('disconnect', () => process.exit(1))
process.send?.('ready')

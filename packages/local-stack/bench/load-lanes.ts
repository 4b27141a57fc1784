/**
 * The bench's load generator, in a worker thread so that issuing requests does not compete with the local
 * gateway (which runs on the main thread, like the handlers) for the same event loop.
 */
import { Agent, request } from 'node:http'
import { parentPort, workerData } from 'node:worker_threads'
import {
  DynamoDBClient,
  GetItemCommand,
  QueryCommand,
  type QueryCommandInput,
} from '@aws-sdk/client-dynamodb'

export type Target =
  | { kind: 'http'; url: string; headers: Record<string, string> }
  | {
      kind: 'getItem'
      endpoint: string
      region: string
      credentials: { accessKeyId: string; secretAccessKey: string }
      tableName: string
      key: Record<string, { S: string }>
    }
  | {
      /** One raw Query (a page of a list), as the baseline of a list call. */
      kind: 'query'
      endpoint: string
      region: string
      credentials: { accessKeyId: string; secretAccessKey: string }
      input: QueryCommandInput
      /** The page must hold at least this many items. */
      minItems: number
    }

export interface LoadJob {
  target: Target
  count: number
  concurrency: number
  deadline: number
}

export interface LoadResult {
  latencies: number[]
  errors: number
  wallMs: number
}

function caller(target: Target): { call: () => Promise<void>; close: () => void } {
  if (target.kind === 'http') {
    // Plain node:http on kept-alive sockets, like the SDK's handler on the baseline's side: the lightest client
    // Node has (fetch costs several times its CPU), so the load generator takes as little of the machine from
    // the gateway as it takes from DynamoDB Local.
    const agent = new Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY })
    return {
      call: () =>
        new Promise<void>((resolve, reject) => {
          const sent = request(target.url, { headers: target.headers, agent }, (response) => {
            response.on('data', () => {})
            response.on('error', reject)
            response.on('end', () =>
              response.statusCode === 200 ? resolve() : reject(new Error(String(response.statusCode))),
            )
          })
          sent.on('error', reject)
          sent.end()
        }),
      close: () => agent.destroy(),
    }
  }
  const client = new DynamoDBClient({
    endpoint: target.endpoint,
    region: target.region,
    credentials: target.credentials,
    maxAttempts: 1,
  })
  if (target.kind === 'query') {
    return {
      call: async () => {
        const { Items } = await client.send(new QueryCommand(target.input))
        if ((Items?.length ?? 0) < target.minItems) throw new Error('short page')
      },
      close: () => client.destroy(),
    }
  }
  return {
    call: async () => {
      const { Item } = await client.send(
        new GetItemCommand({ TableName: target.tableName, Key: target.key, ConsistentRead: true }),
      )
      if (!Item) throw new Error('no item')
    },
    close: () => client.destroy(),
  }
}

async function run({ target, count, concurrency, deadline }: LoadJob): Promise<LoadResult> {
  const { call, close } = caller(target)
  const latencies: number[] = []
  let errors = 0
  let issued = 0
  const started = performance.now()
  const lane = async () => {
    while (issued < count && Date.now() < deadline) {
      issued++
      const begin = performance.now()
      try {
        await call()
        latencies.push(performance.now() - begin)
      } catch {
        errors++
      }
    }
  }
  await Promise.all(Array.from({ length: concurrency }, lane))
  close()
  return { latencies: latencies.sort((a, b) => a - b), errors, wallMs: performance.now() - started }
}

if (parentPort) {
  const port = parentPort
  run(workerData as LoadJob).then((result) => port.postMessage(result))
}

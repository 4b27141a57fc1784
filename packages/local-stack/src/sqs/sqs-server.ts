import type { Server } from 'node:http'
import { CreateQueueCommand, GetQueueAttributesCommand, type SQSClient } from '@aws-sdk/client-sqs'
import { createSqsServer } from 'local-aws-sqs'
import type { LocalQueue } from '../config'
import { closeServer, LOOPBACK } from '../http/listen'
import { dlqName } from '../local-names'
import { portInUseError } from '../ports'

export interface QueueDefinition {
  name: string
  visibilityTimeoutSeconds: number
  maxReceiveCount: number
}

export interface LocalSqs {
  endpoint: string
  stop(): Promise<void>
}

/** local-aws-sqs (in memory, like every queue's contents are transient by nature). */
export async function startSqs(port: number, region: string): Promise<LocalSqs> {
  let server: Server
  try {
    server = await createSqsServer({ port, hostname: LOOPBACK, region, emulateQueueCreationLifecycle: false })
  } catch (error) {
    throw (error as NodeJS.ErrnoException).code === 'EADDRINUSE' ? portInUseError('sqs', port) : error
  }
  return { endpoint: `http://${LOOPBACK}:${port}`, stop: () => closeServer(server) }
}

/** Creates a queue and its dead-letter queue (`<name>-dlq`) with the redrive policy; idempotent. */
export async function ensureQueue(client: SQSClient, definition: QueueDefinition): Promise<LocalQueue> {
  const dlq = await client.send(new CreateQueueCommand({ QueueName: dlqName(definition.name) }))
  const dlqUrl = required(dlq.QueueUrl)
  const dlqArn = await queueArn(client, dlqUrl)
  const queue = await client.send(
    new CreateQueueCommand({
      QueueName: definition.name,
      Attributes: {
        VisibilityTimeout: String(definition.visibilityTimeoutSeconds),
        RedrivePolicy: JSON.stringify({
          maxReceiveCount: definition.maxReceiveCount,
          deadLetterTargetArn: dlqArn,
        }),
      },
    }),
  )
  const url = required(queue.QueueUrl)
  return { name: definition.name, url, arn: await queueArn(client, url), dlqUrl, dlqArn }
}

async function queueArn(client: SQSClient, queueUrl: string): Promise<string> {
  const { Attributes } = await client.send(
    new GetQueueAttributesCommand({ QueueUrl: queueUrl, AttributeNames: ['QueueArn'] }),
  )
  return required(Attributes?.QueueArn)
}

function required(value: string | undefined): string {
  if (!value) throw new Error('local-aws-sqs answered without a queue URL or ARN')
  return value
}

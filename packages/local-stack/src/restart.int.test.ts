import { rmSync } from 'node:fs'
import { DynamoDBClient, GetItemCommand, PutItemCommand } from '@aws-sdk/client-dynamodb'
import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3'
import { afterAll, expect, it } from 'vitest'
import type { LocalStackConfig } from './config'
import { type LocalStack, startLocalStack } from './index'
import { FREE_PORTS } from './ports'
import { signIn, signUp } from './testing/cognito-users'
import { scratchDir } from './testing/scratch-dir'

const dataDir = scratchDir('ses-studio-restart-')
const running: LocalStack[] = []
afterAll(async () => {
  for (const stack of running) await stack.stop()
  rmSync(dataDir, { recursive: true, force: true })
})

async function start(reset = false): Promise<LocalStack> {
  const stack = await startLocalStack({ dataDir, reset, ports: FREE_PORTS, logLevel: 'warn' })
  running.push(stack)
  return stack
}

async function stop(stack: LocalStack): Promise<void> {
  await stack.stop()
  running.splice(running.indexOf(stack), 1)
}

const dynamo = (config: LocalStackConfig) =>
  new DynamoDBClient({
    region: config.region,
    endpoint: config.dynamodbEndpoint,
    credentials: { ...config.credentials },
  })
const s3 = (config: LocalStackConfig) =>
  new S3Client({ region: config.region, endpoint: config.s3Endpoint, credentials: { ...config.credentials } })
const ITEM_KEY = { PK: { S: 'TEST#restart' }, SK: { S: 'item' } }

it('keeps the user pool, its users, table items and stored files across restarts; --reset starts empty', async () => {
  const first = await start()
  const user = await signUp(first.config)
  await dynamo(first.config).send(
    new PutItemCommand({ TableName: first.config.tableName, Item: { ...ITEM_KEY, value: { S: 'kept' } } }),
  )
  await s3(first.config).send(
    new PutObjectCommand({
      Bucket: first.config.buckets.imports,
      Key: 'restart.csv',
      Body: 'email\na@example.com\n',
    }),
  )
  await stop(first)

  const second = await start()
  expect(second.config.userPoolId).toBe(first.config.userPoolId)
  expect(second.config.userPoolClientId).toBe(first.config.userPoolClientId)
  const again = await signIn(second.config, user)
  expect(again.sub).toBe(user.sub)
  const { Item } = await dynamo(second.config).send(
    new GetItemCommand({ TableName: second.config.tableName, Key: ITEM_KEY }),
  )
  expect(Item?.value?.S).toBe('kept')
  const file = await s3(second.config).send(
    new GetObjectCommand({ Bucket: second.config.buckets.imports, Key: 'restart.csv' }),
  )
  expect(await file.Body?.transformToString()).toBe('email\na@example.com\n')
  await stop(second)

  const fresh = await start(true)
  expect(fresh.config.userPoolId).not.toBe(first.config.userPoolId)
  const { Item: gone } = await dynamo(fresh.config).send(
    new GetItemCommand({ TableName: fresh.config.tableName, Key: ITEM_KEY }),
  )
  expect(gone).toBeUndefined()
}, 180_000)

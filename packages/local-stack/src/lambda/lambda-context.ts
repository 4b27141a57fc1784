import { randomUUID } from 'node:crypto'
import type { Context } from 'aws-lambda'
import { LOCAL_ACCOUNT_ID, LOCAL_REGION } from '../local-names'

/** The Lambda context a handler receives in AWS, with a clock running from the invocation's start. */
export function createLambdaContext(functionName: string, timeoutMs: number): Context {
  const deadline = Date.now() + timeoutMs
  const unsupported = (name: string) => () => {
    throw new Error(`context.${name}() is deprecated; return a value or throw instead.`)
  }
  return {
    callbackWaitsForEmptyEventLoop: true,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:${LOCAL_REGION}:${LOCAL_ACCOUNT_ID}:function:${functionName}`,
    memoryLimitInMB: '1024',
    awsRequestId: randomUUID(),
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: `local/[$LATEST]${randomUUID().replaceAll('-', '')}`,
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: unsupported('done'),
    fail: unsupported('fail'),
    succeed: unsupported('succeed'),
  }
}

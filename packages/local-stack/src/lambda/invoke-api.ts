import { createServer, type Server } from 'node:http'
import { closeServer, LOOPBACK, listen } from '../http/listen'
import { readBody } from '../http/read-body'
import { loadHandler } from './handler-module'
import { createLambdaContext } from './lambda-context'

const INVOKE_PATH = /^\/2015-03-31\/functions\/([^/]+)\/invocations$/
const MAX_PAYLOAD_BYTES = 6 * 1024 * 1024
const TRIGGER_TIMEOUT_MS = 5_000

export interface LocalLambdaApi {
  endpoint: string
  stop(): Promise<void>
}

/**
 * A loopback Lambda `Invoke` endpoint (the REST call an AWS SDK Lambda client makes) that runs our own handler
 * modules in this process. cognito-local calls it for its triggers, so Cognito's pre-sign-up trigger runs the
 * real `functions/src/triggers/pre-sign-up.ts` at the moment Cognito would: before the user is created, with
 * a thrown error refusing the sign-up (`UserLambdaValidationException`).
 */
export async function startLambdaInvokeApi(
  functions: Record<string, string>,
  log: (line: string) => void,
): Promise<LocalLambdaApi> {
  const server: Server = createServer(async (request, response) => {
    const functionName = decodeURIComponent(INVOKE_PATH.exec(request.url ?? '')?.[1] ?? '')
    const modulePath = functions[functionName]
    if (request.method !== 'POST' || !modulePath) {
      response.writeHead(404, {
        'content-type': 'application/json',
        'x-amzn-errortype': 'ResourceNotFoundException',
      })
      response.end(JSON.stringify({ Type: 'User', Message: `Function not found: ${functionName}` }))
      return
    }
    const body = await readBody(request, MAX_PAYLOAD_BYTES)
    const event: unknown = body.ok && body.body.length > 0 ? JSON.parse(body.body.toString('utf8')) : {}
    const headers = { 'content-type': 'application/json', 'x-amz-executed-version': '$LATEST' }
    try {
      const handler = await loadHandler(modulePath)
      const result = await handler(event, createLambdaContext(functionName, TRIGGER_TIMEOUT_MS))
      response.writeHead(200, headers)
      response.end(JSON.stringify(result ?? null))
    } catch (error) {
      const failure = error instanceof Error ? error : new Error(String(error))
      log(`lambda ${functionName} failed: ${failure.message}`)
      response.writeHead(200, { ...headers, 'x-amz-function-error': 'Unhandled' })
      response.end(JSON.stringify({ errorType: failure.name, errorMessage: failure.message, trace: [] }))
    }
  })
  const port = await listen(server, 0)
  return { endpoint: `http://${LOOPBACK}:${port}`, stop: () => closeServer(server) }
}

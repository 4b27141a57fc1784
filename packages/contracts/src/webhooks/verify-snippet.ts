/**
 * How a receiver checks our webhook signatures in Node, as the dashboard shows it to copy (an ES module that runs
 * as written). It follows core's `webhooks/signature.ts` (Standard Webhooks): `v1,` + base64 HMAC-SHA256 of
 * `id.timestamp.body` under the key after `whsec_`, several signatures space-separated during a rotation, a
 * constant-time comparison and a 5-minute replay window. core's `verify-snippet.test.ts` runs it against core's
 * own signer, so it cannot drift from what we send.
 */
export const WEBHOOK_VERIFY_SNIPPET = `import { createHmac, timingSafeEqual } from 'node:crypto'

// secret: the endpoint's signing secret (whsec_…); headers: the request's headers (lower-case names);
// body: the raw request body as a string, exactly as received (parse the JSON only after the check).
export function verifyWebhook(secret, headers, body, toleranceSeconds = 300) {
  const id = headers['webhook-id']
  const timestamp = Number(headers['webhook-timestamp'])
  if (!id || !Number.isInteger(timestamp)) return false
  if (Math.abs(Date.now() / 1000 - timestamp) > toleranceSeconds) return false
  const key = Buffer.from(secret.slice('whsec_'.length), 'base64')
  const mac = createHmac('sha256', key).update(\`\${id}.\${timestamp}.\${body}\`).digest('base64')
  const expected = Buffer.from(\`v1,\${mac}\`)
  // During a secret rotation the header carries two signatures: either one may match.
  return String(headers['webhook-signature'] ?? '')
    .split(' ')
    .some((candidate) => {
      const given = Buffer.from(candidate)
      return given.length === expected.length && timingSafeEqual(given, expected)
    })
}

// In a node:http server:
//   const chunks = []
//   for await (const chunk of request) chunks.push(chunk)
//   const body = Buffer.concat(chunks).toString('utf8')
//   if (!verifyWebhook(process.env.WEBHOOK_SECRET, request.headers, body)) {
//     response.writeHead(400).end()
//     return
//   }
//   const event = JSON.parse(body) // { id, type, occurredAt, organizationId, actor, payload }
//   response.writeHead(200).end()
`

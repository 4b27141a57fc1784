import { describe, expect, it } from 'vitest'
import { DEFAULT_PORTS, portInUseError, resolvePorts } from './ports'

describe('resolvePorts', () => {
  it('uses the defaults, and a free port for 0', async () => {
    const ports = await resolvePorts({ api: 0 })
    expect(ports.web).toBe(DEFAULT_PORTS.web)
    expect(ports.api).toBeGreaterThan(0)
    expect(ports.api).not.toBe(DEFAULT_PORTS.api)
  })

  it('gives every part its own free port', async () => {
    const ports = await resolvePorts({
      web: 0,
      api: 0,
      cognito: 0,
      dynamodb: 0,
      s3: 0,
      ses: 0,
      sqs: 0,
      stripe: 0,
    })
    expect(new Set(Object.values(ports)).size).toBe(8)
  })

  it('refuses one port for two parts', async () => {
    await expect(resolvePorts({ api: 4000, ses: 4000 })).rejects.toThrow(
      /both local API gateway and SES gateway/,
    )
  })
})

describe('the Stripe stand-in port', () => {
  it('defaults to 12111 and moves with PORT_STRIPE / --port-stripe', async () => {
    expect(DEFAULT_PORTS.stripe).toBe(12111)
    expect((await resolvePorts({ stripe: 12112 })).stripe).toBe(12112)
    expect(portInUseError('stripe', 12111).message).toContain(
      'Port 12111 (Stripe stand-in) is already in use. Stop whatever uses it, or pick another port: ' +
        'PORT_STRIPE=<port> npm start (or npm start -- --port-stripe=<port>).',
    )
  })
})

describe('portInUseError', () => {
  it('says which part and how to move it', () => {
    expect(portInUseError('dynamodb', 8000).message).toBe(
      'Port 8000 (DynamoDB Local) is already in use. Stop whatever uses it, or pick another port: ' +
        'PORT_DYNAMODB=<port> npm start (or npm start -- --port-dynamodb=<port>).',
    )
  })
})

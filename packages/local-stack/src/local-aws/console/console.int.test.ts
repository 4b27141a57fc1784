import { randomBytes } from 'node:crypto'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { CUSTOMER_ROLE_ACTIONS, customerRoleTemplate } from '@app/contracts'
import {
  CreateEmailIdentityCommand,
  GetAccountCommand,
  GetEmailIdentityCommand,
  SESv2Client,
} from '@aws-sdk/client-sesv2'
import { AssumeRoleCommand, STSClient } from '@aws-sdk/client-sts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { injectLocalStack } from '../../testing/inject-local-stack'
import {
  createLocalCustomerAccount,
  localAwsClientConfig,
  localCustomerAccount,
} from '../../testing/local-aws'

const stack = injectLocalStack()
const consoleUrl = stack.aws.consoleUrl
const sts = new STSClient({ ...localAwsClientConfig(stack, stack.credentials), maxAttempts: 1 })

// The API serves this at CUSTOMER_ROLE_TEMPLATE_URL; the test serves its own copy so it depends on nothing else.
const templateServer = createServer((_request, response) => {
  response.writeHead(200, { 'content-type': 'application/json' })
  response.end(JSON.stringify(customerRoleTemplate(stack.aws.platformAccountId)))
})
let templateUrl = ''
beforeAll(async () => {
  await new Promise<void>((resolve) => templateServer.listen(0, '127.0.0.1', resolve))
  templateUrl = `http://127.0.0.1:${(templateServer.address() as AddressInfo).port}/customer-role-template.json`
})
afterAll(async () => {
  sts.destroy()
  await new Promise((resolve) => templateServer.close(resolve))
})

const post = (path: string, fields: Record<string, string>) =>
  fetch(`${consoleUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields),
    redirect: 'manual',
  })

describe('the local AWS console', () => {
  it('lists the accounts and shows the demo customer’s access key to copy', async () => {
    const home = await fetch(consoleUrl)
    expect(home.status).toBe(200)
    const page = await home.text()
    expect(page).toContain('Local AWS stand-in')
    expect(page).toContain(stack.aws.demoAccount.accountId)
    const account = await (await fetch(`${consoleUrl}/accounts/${stack.aws.demoAccount.accountId}`)).text()
    expect(account).toContain(localCustomerAccount(stack).accessKeyId)
    expect(account).toContain(localCustomerAccount(stack).secretAccessKey)
    expect(account).toContain('Grant production access')
  })

  it('creates the customer role from a quick-create link’s template; its RoleArn is assumable with the ExternalId', async () => {
    const { accountId } = await createLocalCustomerAccount(stack)
    const externalId = randomBytes(16).toString('hex')
    const form = await fetch(`${consoleUrl}/cloudformation/home?region=us-east-1`)
    expect(await form.text()).toContain('location.hash')

    const fields = {
      region: 'us-east-1',
      templateURL: templateUrl,
      stackName: 'SesStudioAccess',
      param_ExternalId: externalId,
      accountId,
    }
    const created = await post('/cloudformation/stacks', fields)
    expect(created.status).toBe(200)
    const roleArn = `arn:aws:iam::${accountId}:role/SesStudioAccess-us-east-1`
    const page = await created.text()
    expect(page).toContain('CREATE_COMPLETE')
    expect(page).toContain(roleArn)

    const account = (await (
      await fetch(`${stack.aws.gatewayUrl}/_local-aws/accounts/${accountId}`)
    ).json()) as {
      roles: { arn: string; externalId: string; trustedAccountIds: string[]; actions: string[] }[]
    }
    expect(account.roles).toEqual([
      expect.objectContaining({
        arn: roleArn,
        externalId,
        trustedAccountIds: [stack.aws.platformAccountId],
        actions: [...CUSTOMER_ROLE_ACTIONS],
      }),
    ])
    const { Credentials } = await sts.send(
      new AssumeRoleCommand({ RoleArn: roleArn, RoleSessionName: 'console', ExternalId: externalId }),
    )
    expect(Credentials?.AccessKeyId).toMatch(/^ASIA/)

    const again = await post('/cloudformation/stacks', fields)
    expect(again.status).toBe(400)
    expect(await again.text()).toContain('Delete that stack first')
    const short = await post('/cloudformation/stacks', { ...fields, param_ExternalId: 'short' })
    expect(await short.text()).toContain('must contain at least 16 characters')
    const unreachable = await post('/cloudformation/stacks', {
      ...fields,
      templateURL: `${templateUrl}x`.replace(/:\d+\//, ':1/'),
    })
    expect(unreachable.status).toBe(400)

    const deleted = await post(`/accounts/${accountId}/roles/delete`, { name: 'SesStudioAccess-us-east-1' })
    expect(deleted.status).toBe(303)
    expect((await post('/cloudformation/stacks', fields)).status).toBe(200)
  })

  it('grants production access and marks identities verified', async () => {
    const keys = await createLocalCustomerAccount(stack)
    const ses = new SESv2Client({ ...localAwsClientConfig(stack, keys), maxAttempts: 1 })
    try {
      await ses.send(new CreateEmailIdentityCommand({ EmailIdentity: 'console.example.com' }))
      const detail = await (await fetch(`${consoleUrl}/accounts/${keys.accountId}`)).text()
      expect(detail).toContain('console.example.com')
      expect(detail).toContain('._domainkey.console.example.com')
      expect(
        (await post(`/accounts/${keys.accountId}/identities/verify`, { identity: 'console.example.com' }))
          .status,
      ).toBe(303)
      expect(
        (await ses.send(new GetEmailIdentityCommand({ EmailIdentity: 'console.example.com' })))
          .VerificationStatus,
      ).toBe('SUCCESS')
      const granted = await post(`/accounts/${keys.accountId}/ses/grant`, { region: 'us-east-1' })
      expect(granted.headers.get('location')).toContain(`/console/accounts/${keys.accountId}`)
      expect(await ses.send(new GetAccountCommand({}))).toMatchObject({
        ProductionAccessEnabled: true,
        Details: { ReviewDetails: { Status: 'GRANTED' } },
      })
    } finally {
      ses.destroy()
    }
  })
})

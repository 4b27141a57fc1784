import {
  DeleteSuppressedDestinationCommand,
  GetSuppressedDestinationCommand,
  ListSuppressedDestinationsCommand,
  PutSuppressedDestinationCommand,
  SESv2Client,
} from '@aws-sdk/client-sesv2'
import { afterAll, describe, expect, it } from 'vitest'
import { injectLocalStack } from '../../testing/inject-local-stack'
import {
  createLocalCustomerAccount,
  localAwsClientConfig,
  setLocalAwsThrottle,
} from '../../testing/local-aws'

const stack = injectLocalStack()
const clients: SESv2Client[] = []
afterAll(() => {
  for (const client of clients) client.destroy()
})

async function customerSes(): Promise<SESv2Client> {
  const keys = await createLocalCustomerAccount(stack)
  await setLocalAwsThrottle(stack, { accountId: keys.accountId, enabled: false })
  const ses = new SESv2Client({ ...localAwsClientConfig(stack, keys), maxAttempts: 1 })
  clients.push(ses)
  return ses
}

async function failure(promise: Promise<unknown>): Promise<{ name: string; status?: number }> {
  try {
    await promise
  } catch (error) {
    const { name, $metadata } = error as Error & { $metadata?: { httpStatusCode?: number } }
    return { name, status: $metadata?.httpStatusCode }
  }
  throw new Error('expected the call to fail')
}

const put = (ses: SESv2Client, EmailAddress: string, Reason: 'BOUNCE' | 'COMPLAINT') =>
  ses.send(new PutSuppressedDestinationCommand({ EmailAddress, Reason }))

describe('the account suppression list', () => {
  it('PutSuppressedDestination adds an address, replaces its reason when put again, refuses bad input', async () => {
    const ses = await customerSes()
    const before = Math.floor(Date.now() / 1000)
    await put(ses, 'Gone@Example.com', 'BOUNCE')
    await put(ses, 'gone@example.com', 'COMPLAINT')
    const list = await ses.send(new ListSuppressedDestinationsCommand({}))
    expect(list.SuppressedDestinationSummaries).toHaveLength(1)
    expect(list.SuppressedDestinationSummaries?.[0]).toMatchObject({
      EmailAddress: 'gone@example.com',
      Reason: 'COMPLAINT',
    })
    expect(list.SuppressedDestinationSummaries?.[0]?.LastUpdateTime?.getTime()).toBeGreaterThanOrEqual(
      before * 1000,
    )
    expect(
      await failure(
        ses.send(
          new PutSuppressedDestinationCommand({ EmailAddress: 'x@example.com', Reason: 'SPAM' as 'BOUNCE' }),
        ),
      ),
    ).toEqual({ name: 'BadRequestException', status: 400 })
    expect(await failure(put(ses, 'not an address', 'BOUNCE'))).toEqual({
      name: 'BadRequestException',
      status: 400,
    })
    expect(
      (await ses.send(new ListSuppressedDestinationsCommand({}))).SuppressedDestinationSummaries,
    ).toHaveLength(1)
  })

  it('GetSuppressedDestination answers the entry in any case, or NotFoundException', async () => {
    const ses = await customerSes()
    await put(ses, 'bounced@example.com', 'BOUNCE')
    const { SuppressedDestination } = await ses.send(
      new GetSuppressedDestinationCommand({ EmailAddress: 'BOUNCED@example.com' }),
    )
    expect(SuppressedDestination).toMatchObject({
      EmailAddress: 'bounced@example.com',
      Reason: 'BOUNCE',
      Attributes: {},
    })
    expect(SuppressedDestination?.LastUpdateTime).toBeInstanceOf(Date)
    expect(
      await failure(ses.send(new GetSuppressedDestinationCommand({ EmailAddress: 'never@example.com' }))),
    ).toEqual({ name: 'NotFoundException', status: 404 })
  })

  it('DeleteSuppressedDestination removes the entry; a second delete is NotFoundException', async () => {
    const ses = await customerSes()
    await put(ses, 'back@example.com', 'BOUNCE')
    await ses.send(new DeleteSuppressedDestinationCommand({ EmailAddress: 'back@example.com' }))
    expect(
      await failure(ses.send(new GetSuppressedDestinationCommand({ EmailAddress: 'back@example.com' }))),
    ).toEqual({ name: 'NotFoundException', status: 404 })
    expect(
      await failure(ses.send(new DeleteSuppressedDestinationCommand({ EmailAddress: 'back@example.com' }))),
    ).toEqual({ name: 'NotFoundException', status: 404 })
  })

  it('ListSuppressedDestinations filters by reason and date and pages with NextToken', async () => {
    const ses = await customerSes()
    const start = new Date(Math.floor(Date.now() / 1000) * 1000)
    const addresses = Array.from({ length: 7 }, (_, index) => `user${index}@example.com`)
    for (const [index, address] of addresses.entries())
      await put(ses, address, index < 5 ? 'BOUNCE' : 'COMPLAINT')

    const seen: string[] = []
    let NextToken: string | undefined
    do {
      const page = await ses.send(new ListSuppressedDestinationsCommand({ PageSize: 2, NextToken }))
      expect(page.SuppressedDestinationSummaries?.length).toBeLessThanOrEqual(2)
      // A new entry between pages does not disturb the walk (it sorts before the cursor here).
      if (NextToken === undefined) await put(ses, 'aaa@example.com', 'BOUNCE')
      seen.push(...(page.SuppressedDestinationSummaries ?? []).map((entry) => entry.EmailAddress ?? ''))
      NextToken = page.NextToken
    } while (NextToken)
    expect(seen).toEqual([...addresses].sort())

    const complaints = await ses.send(new ListSuppressedDestinationsCommand({ Reasons: ['COMPLAINT'] }))
    expect(complaints.SuppressedDestinationSummaries?.map((entry) => entry.EmailAddress)).toEqual([
      'user5@example.com',
      'user6@example.com',
    ])
    const both = await ses.send(
      new ListSuppressedDestinationsCommand({ Reasons: ['BOUNCE', 'COMPLAINT'], StartDate: start }),
    )
    expect(both.SuppressedDestinationSummaries).toHaveLength(8)
    const future = new Date(Date.now() + 60_000)
    expect(
      (await ses.send(new ListSuppressedDestinationsCommand({ StartDate: future })))
        .SuppressedDestinationSummaries,
    ).toEqual([])
    expect(
      (await ses.send(new ListSuppressedDestinationsCommand({ EndDate: new Date(start.getTime() - 1000) })))
        .SuppressedDestinationSummaries,
    ).toEqual([])

    const first = await ses.send(new ListSuppressedDestinationsCommand({ PageSize: 1 }))
    expect(
      await failure(
        ses.send(
          new ListSuppressedDestinationsCommand({
            PageSize: 1,
            NextToken: first.NextToken,
            Reasons: ['BOUNCE'],
          }),
        ),
      ),
    ).toEqual({ name: 'InvalidNextTokenException', status: 400 })
    expect(await failure(ses.send(new ListSuppressedDestinationsCommand({ NextToken: 'garbage' })))).toEqual({
      name: 'InvalidNextTokenException',
      status: 400,
    })
    expect(await failure(ses.send(new ListSuppressedDestinationsCommand({ PageSize: 1001 })))).toEqual({
      name: 'BadRequestException',
      status: 400,
    })
    expect(
      await failure(ses.send(new ListSuppressedDestinationsCommand({ StartDate: future, EndDate: start }))),
    ).toEqual({ name: 'BadRequestException', status: 400 })
  })
})

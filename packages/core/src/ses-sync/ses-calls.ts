import {
  GetEmailTemplateCommand,
  ListEmailTemplatesCommand,
  type ListEmailTemplatesCommandOutput,
  type SESv2Client,
} from '@aws-sdk/client-sesv2'
import type { AwsConnectionRecord } from '../aws-accounts/public'
import { awsErrorOf } from '../aws-accounts/public'
import { holdSlots, jobsEnv, type PaceKey, SliceTimeUp, takeSlot } from '../jobs/public'
import { retry } from '../platform/retry'
import { partsFromSes, type SesParts } from './fingerprint'

/** One customer account's SES, with its shared pace. */
export interface PacedSes {
  client: SESv2Client
  key: PaceKey
  rate: number
}

export function paceKeyOf(connection: AwsConnectionRecord): PaceKey {
  return { account: connection.awsAccountNumber ?? connection.id, region: connection.region }
}

const THROTTLED = new Set(['TooManyRequestsException', 'ThrottlingException', 'Throttling'])

export function isThrottled(error: unknown): boolean {
  const aws = awsErrorOf(error)
  if (!aws) return false
  const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode
  return THROTTLED.has(aws.name) || status === 429
}

export const isNotFound = (error: unknown) => awsErrorOf(error)?.name === 'NotFoundException'
export const isAlreadyExists = (error: unknown) => awsErrorOf(error)?.name === 'AlreadyExistsException'

const MAX_BACKOFF_MS = 30_000

/**
 * One SES control-plane call in the account's next free slot. Throttling (SES answered 429: the call did not
 * happen) holds every caller of the account back for a growing, jittered pause, then the call goes again; it
 * never fails the work. `SliceTimeUp` when the next slot is past the deadline.
 */
export async function pacedCall<T>(ses: PacedSes, deadline: number, call: () => Promise<T>): Promise<T> {
  return retry(
    async () => {
      await takeSlot(ses.key, ses.rate, deadline)
      return call()
    },
    {
      attempts: Number.POSITIVE_INFINITY,
      baseMs: 1000,
      maxMs: MAX_BACKOFF_MS,
      jitter: 'equal',
      retryable: isThrottled,
      deadline,
      onDeadline: () => new SliceTimeUp(),
      wait: (pause) => holdSlots(ses.key, Date.now() + pause),
    },
  )
}

export function pacedSes(client: SESv2Client, connection: AwsConnectionRecord): PacedSes {
  return { client, key: paceKeyOf(connection), rate: jobsEnv().sesRate }
}

/** The template's parts in SES, or null when SES has no template of that name. */
export async function readSesTemplate(
  ses: PacedSes,
  name: string,
  deadline: number,
): Promise<SesParts | null> {
  try {
    const answer = await pacedCall(ses, deadline, () =>
      ses.client.send(new GetEmailTemplateCommand({ TemplateName: name })),
    )
    return partsFromSes(answer.TemplateContent)
  } catch (error) {
    if (isNotFound(error)) return null
    throw error
  }
}

export interface SesTemplateName {
  name: string
  createdAt: string | null
}

/** Every SES template name (pages of 100, one paced call each) until the deadline; `complete` false if cut. */
export async function listSesTemplateNames(
  ses: PacedSes,
  deadline: number,
): Promise<{ templates: SesTemplateName[]; complete: boolean }> {
  const templates: SesTemplateName[] = []
  let NextToken: string | undefined
  do {
    let page: ListEmailTemplatesCommandOutput
    try {
      page = await pacedCall(ses, deadline, () =>
        ses.client.send(new ListEmailTemplatesCommand({ PageSize: 100, NextToken })),
      )
    } catch (error) {
      if (error instanceof SliceTimeUp) return { templates, complete: false }
      throw error
    }
    for (const meta of page.TemplatesMetadata ?? []) {
      if (!meta.TemplateName) continue
      templates.push({
        name: meta.TemplateName,
        createdAt: meta.CreatedTimestamp ? new Date(meta.CreatedTimestamp).toISOString() : null,
      })
    }
    NextToken = page.NextToken
  } while (NextToken)
  return { templates, complete: true }
}

import type { ConfigurationSet, SesAccountState } from '../state'
import { page } from './paging'
import { alreadyExists, badRequest, notFound } from './ses-errors'

const NAME = /^[A-Za-z0-9_-]{1,64}$/
const OPTION_KEYS = [
  'TrackingOptions',
  'DeliveryOptions',
  'ReputationOptions',
  'SendingOptions',
  'SuppressionOptions',
  'VdmOptions',
  'Tags',
]
const EVENT_TYPES = new Set([
  'SEND',
  'REJECT',
  'BOUNCE',
  'COMPLAINT',
  'DELIVERY',
  'OPEN',
  'CLICK',
  'RENDERING_FAILURE',
  'DELIVERY_DELAY',
  'SUBSCRIPTION',
])
const DESTINATION_KEYS = [
  'SnsDestination',
  'EventBridgeDestination',
  'CloudWatchDestination',
  'KinesisFirehoseDestination',
  'PinpointDestination',
]

export function requireConfigurationSet(account: SesAccountState, name: string): ConfigurationSet {
  const set = account.configurationSets[name]
  if (!set) throw notFound(`Configuration set ${name} does not exist.`)
  return set
}

export function createConfigurationSet(account: SesAccountState, input: Record<string, unknown>): void {
  const name = input.ConfigurationSetName
  if (typeof name !== 'string' || !NAME.test(name))
    throw badRequest('ConfigurationSetName must be 1-64 letters, digits, underscores or dashes.')
  if (account.configurationSets[name]) throw alreadyExists(`Configuration set ${name} already exists.`)
  const options = Object.fromEntries(
    OPTION_KEYS.filter((key) => input[key] !== undefined).map((key) => [key, input[key]]),
  )
  account.configurationSets[name] = {
    name,
    options,
    eventDestinations: {},
    createdAt: new Date().toISOString(),
  }
}

export function getConfigurationSet(account: SesAccountState, name: string) {
  const set = requireConfigurationSet(account, name)
  return {
    ConfigurationSetName: set.name,
    ReputationOptions: { ReputationMetricsEnabled: false },
    SendingOptions: { SendingEnabled: true },
    Tags: [],
    ...set.options,
  }
}

export function listConfigurationSets(account: SesAccountState, query: URLSearchParams) {
  const { items, nextToken } = page(Object.keys(account.configurationSets), query, {
    defaultSize: 100,
    maxSize: 1000,
  })
  return { ConfigurationSets: items, ...(nextToken ? { NextToken: nextToken } : {}) }
}

export function deleteConfigurationSet(account: SesAccountState, name: string): void {
  requireConfigurationSet(account, name)
  delete account.configurationSets[name]
}

function validDestination(input: unknown): Record<string, unknown> {
  if (!input || typeof input !== 'object') throw badRequest('EventDestination is required.')
  const destination = input as Record<string, unknown>
  const types = destination.MatchingEventTypes
  if (!Array.isArray(types) || types.length === 0 || types.some((type) => !EVENT_TYPES.has(String(type))))
    throw badRequest(`MatchingEventTypes must name one or more of ${[...EVENT_TYPES].join(', ')}.`)
  const targets = DESTINATION_KEYS.filter((key) => destination[key] !== undefined)
  if (targets.length !== 1) throw badRequest('An event destination needs exactly one destination.')
  const sns = destination.SnsDestination as { TopicArn?: unknown } | undefined
  if (
    sns &&
    (typeof sns.TopicArn !== 'string' || !/^arn:aws:sns:[a-z0-9-]+:\d{12}:[\w-]{1,256}$/.test(sns.TopicArn))
  )
    throw badRequest('SnsDestination.TopicArn must be an SNS topic ARN.')
  return destination
}

export function createEventDestination(
  account: SesAccountState,
  setName: string,
  input: Record<string, unknown>,
): void {
  const set = requireConfigurationSet(account, setName)
  const name = input.EventDestinationName
  if (typeof name !== 'string' || !NAME.test(name))
    throw badRequest('EventDestinationName must be 1-64 letters, digits, underscores or dashes.')
  if (set.eventDestinations[name]) throw alreadyExists(`Event destination ${name} already exists.`)
  set.eventDestinations[name] = { Enabled: false, ...validDestination(input.EventDestination), Name: name }
}

export function getEventDestinations(account: SesAccountState, setName: string) {
  return { EventDestinations: Object.values(requireConfigurationSet(account, setName).eventDestinations) }
}

export function updateEventDestination(
  account: SesAccountState,
  setName: string,
  name: string,
  input: Record<string, unknown>,
): void {
  const set = requireConfigurationSet(account, setName)
  if (!set.eventDestinations[name]) throw notFound(`Event destination ${name} does not exist.`)
  set.eventDestinations[name] = { Enabled: false, ...validDestination(input.EventDestination), Name: name }
}

export function deleteEventDestination(account: SesAccountState, setName: string, name: string): void {
  const set = requireConfigurationSet(account, setName)
  if (!set.eventDestinations[name]) throw notFound(`Event destination ${name} does not exist.`)
  delete set.eventDestinations[name]
}

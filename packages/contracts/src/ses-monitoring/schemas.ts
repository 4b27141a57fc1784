import * as z from 'zod'
import { emailAddress } from '../email-address'
import { UlidSchema } from '../ids'
import { PageCursorSchema, PageSchema } from '../page'
import { uniqueItems } from '../text'
import { timeZone } from '../time-zone'

/**
 * Monitoring of a customer's SES: a configuration set in their account whose event destination publishes to an
 * SNS topic there, and an HTTPS subscription of that topic to our public events endpoint.
 *
 * SNS rather than EventBridge: an HTTPS subscription needs nothing from the customer but the topic (EventBridge
 * would need an API destination, a connection holding a shared secret and an invocation role in their account),
 * every message is signed by AWS with a certificate we can check, and the topic lives in the customer's account,
 * so deleting it stops the flow at once.
 */
export const SES_EVENT_TYPES = [
  'SEND',
  'DELIVERY',
  'BOUNCE',
  'COMPLAINT',
  'REJECT',
  'OPEN',
  'CLICK',
  'RENDERING_FAILURE',
  'DELIVERY_DELAY',
] as const
export type SesEventType = (typeof SES_EVENT_TYPES)[number]
export const SesEventTypeSchema = z.enum(SES_EVENT_TYPES)

/** The public endpoint SNS posts to (subscription confirmations and notifications). */
export const SES_EVENTS_PATH = '/api/ses-events'

/** SNS messages older than this are refused (replays); message ids are remembered for longer than this. */
export const SES_EVENT_MAX_AGE_SECONDS = 24 * 3600

/**
 * What a message reached, from least to most final. A message's status is the last of these it reached:
 * a delivered message that was then opened is OPENED; one that later drew a complaint is COMPLAINED.
 */
export const MESSAGE_STATUSES = [
  'SENT',
  'DELAYED',
  'DELIVERED',
  'OPENED',
  'CLICKED',
  'RENDERING_FAILED',
  'REJECTED',
  'BOUNCED',
  'COMPLAINED',
] as const
export type MessageStatus = (typeof MESSAGE_STATUSES)[number]
export const MessageStatusSchema = z.enum(MESSAGE_STATUSES)

/** The status each event type moves a message to. */
export const STATUS_OF_EVENT: Record<SesEventType, MessageStatus> = {
  SEND: 'SENT',
  DELIVERY_DELAY: 'DELAYED',
  DELIVERY: 'DELIVERED',
  OPEN: 'OPENED',
  CLICK: 'CLICKED',
  RENDERING_FAILURE: 'RENDERING_FAILED',
  REJECT: 'REJECTED',
  BOUNCE: 'BOUNCED',
  COMPLAINT: 'COMPLAINED',
}

/** AWS reviews an account around these rates and may pause its sending near the second (REFERENCE.md). */
export const SES_REPUTATION_THRESHOLDS = {
  bounce: { review: 0.05, pause: 0.1 },
  complaint: { review: 0.001, pause: 0.005 },
} as const

/** Message logs and their hourly counts are kept this long (DynamoDB TTL). */
export const MESSAGE_LOG_RETENTION_DAYS = 400

export const MONITORING_STATES = ['PENDING_CONFIRMATION', 'ACTIVE'] as const

/** What we created in the customer's account, shown on the connection. */
export const AwsMonitoringSchema = z.object({
  /** PENDING_CONFIRMATION until SNS has confirmed the subscription to our endpoint. */
  state: z.enum(MONITORING_STATES),
  configurationSetName: z.string(),
  topicArn: z.string(),
  eventTypes: z.array(SesEventTypeSchema),
  enabledAt: z.iso.datetime(),
  confirmedAt: z.iso.datetime().nullable(),
})
export type AwsMonitoring = z.infer<typeof AwsMonitoringSchema>

export const EnableMonitoringBodySchema = z
  .object({
    /** The connection's organization (the plan gate reads it). */
    organizationId: UlidSchema,
    /** Defaults to all of them. OPEN and CLICK make SES add a tracking pixel and rewrite links. */
    eventTypes: uniqueItems(
      z.array(SesEventTypeSchema).min(1, { message: 'Choose at least one kind of event.' }),
      'Each event type once.',
    ).default([...SES_EVENT_TYPES]),
  })
  .strict()
export type EnableMonitoringBody = z.input<typeof EnableMonitoringBodySchema>

/** Counts of messages that reached each status (a message counts once in each it reached). */
export const StatusCountsSchema = z.object({
  sent: z.number().int(),
  delivered: z.number().int(),
  delayed: z.number().int(),
  opened: z.number().int(),
  clicked: z.number().int(),
  bounced: z.number().int(),
  complained: z.number().int(),
  rejected: z.number().int(),
  renderingFailed: z.number().int(),
})
export type StatusCounts = z.infer<typeof StatusCountsSchema>
export const STATUS_COUNT_KEYS = Object.keys(StatusCountsSchema.shape) as (keyof StatusCounts)[]

/** The counter each event type increments (once per message). */
export const COUNT_OF_EVENT: Record<SesEventType, keyof StatusCounts> = {
  SEND: 'sent',
  DELIVERY: 'delivered',
  DELIVERY_DELAY: 'delayed',
  OPEN: 'opened',
  CLICK: 'clicked',
  BOUNCE: 'bounced',
  COMPLAINT: 'complained',
  REJECT: 'rejected',
  RENDERING_FAILURE: 'renderingFailed',
}

export const LOG_PAGE_SIZES = [25, 50, 100] as const

export const LogsQuerySchema = z
  .object({
    organizationId: UlidSchema,
    /** The `nextCursor` of the previous answer (a signed cursor, valid with the same filters). */
    cursor: PageCursorSchema.optional(),
    limit: z.preprocess(
      (value) => (value === undefined ? value : Number(value)),
      z.literal(LOG_PAGE_SIZES, { message: `limit is one of ${LOG_PAGE_SIZES.join(', ')}.` }).default(50),
    ),
    status: MessageStatusSchema.optional(),
    /** Only messages to this address (exact, case-insensitive). */
    recipient: emailAddress().optional(),
  })
  .strict()
export type LogsQuery = z.input<typeof LogsQuerySchema>

export const MessageEventSchema = z.object({
  type: SesEventTypeSchema,
  at: z.iso.datetime(),
  /** What SES said: bounce type and diagnostic, complaint feedback, reject reason, link clicked … */
  detail: z.string().nullable(),
})

export const MessageLogSchema = z.object({
  /** SES's message id. */
  messageId: z.string(),
  sentAt: z.iso.datetime(),
  from: z.string().nullable(),
  recipients: z.array(z.string()),
  subject: z.string().nullable(),
  /** The SES template, for templated sends. */
  template: z.string().nullable(),
  status: MessageStatusSchema,
  /** The latest event's detail (what the log table shows). */
  detail: z.string().nullable(),
  opens: z.number().int(),
  clicks: z.number().int(),
  /** The first event of each type, oldest first. */
  events: z.array(MessageEventSchema),
})
export type MessageLog = z.infer<typeof MessageLogSchema>

/** A page of the log, newest first: `nextCursor` (as `cursor`) reads older messages. */
export const MessageLogPageSchema = PageSchema(MessageLogSchema)
export type MessageLogPage = z.infer<typeof MessageLogPageSchema>

export const REPORT_GRANULARITIES = ['hour', 'day'] as const
/** Longest range per granularity (hourly counters are read and summed). */
export const REPORT_MAX_DAYS = { hour: 14, day: 92 } as const

const ReportRangeShape = {
  organizationId: UlidSchema,
  /** Inclusive start and exclusive end, ISO date-times; counted by when messages were sent. */
  from: z.iso.datetime({ offset: true }),
  to: z.iso.datetime({ offset: true }),
  /** IANA time zone days are cut in (default UTC). */
  timeZone: timeZone(z.string().max(64), 'timeZone must be an IANA time zone like Europe/Paris.').default(
    'UTC',
  ),
}

function checkRange(
  value: { from: string; to: string; granularity?: 'hour' | 'day' },
  context: z.RefinementCtx,
) {
  const span = Date.parse(value.to) - Date.parse(value.from)
  const maxDays = REPORT_MAX_DAYS[value.granularity ?? 'day']
  if (span <= 0) context.addIssue({ code: 'custom', path: ['to'], message: 'to must be after from.' })
  else if (span > maxDays * 86_400_000)
    context.addIssue({
      code: 'custom',
      path: ['to'],
      message: `A range is at most ${maxDays} days${value.granularity ? ` by ${value.granularity}` : ''}.`,
    })
}

/** What `checkRange` asks, as the document states it (JSON Schema cannot compare two fields). */
const RANGE_RULE = `\`to\` is after \`from\`, at most ${REPORT_MAX_DAYS.hour} days apart by hour and ${REPORT_MAX_DAYS.day} by day.`

export const TimeSeriesQuerySchema = z
  .object({ ...ReportRangeShape, granularity: z.enum(REPORT_GRANULARITIES).default('day') })
  .strict()
  .superRefine(checkRange)
  .meta({ description: RANGE_RULE })
export type TimeSeriesQuery = z.input<typeof TimeSeriesQuerySchema>

export const CombinedQuerySchema = z
  .object(ReportRangeShape)
  .strict()
  .superRefine(checkRange)
  .meta({ description: `\`to\` is after \`from\`, at most ${REPORT_MAX_DAYS.day} days apart.` })
export type CombinedQuery = z.input<typeof CombinedQuerySchema>

export const TimeSeriesSchema = z.object({
  granularity: z.enum(REPORT_GRANULARITIES),
  timeZone: z.string(),
  from: z.iso.datetime({ offset: true }),
  to: z.iso.datetime({ offset: true }),
  /** Every bucket of the range, empty ones included, oldest first; `start` is the bucket's first instant. */
  buckets: z.array(z.object({ start: z.iso.datetime(), counts: StatusCountsSchema })),
})
export type TimeSeries = z.infer<typeof TimeSeriesSchema>

export const RatesSchema = z.object({
  /** delivered / sent; null when nothing was sent. */
  delivery: z.number().nullable(),
  /** bounced / sent */
  bounce: z.number().nullable(),
  /** complained / sent */
  complaint: z.number().nullable(),
  /** opened / delivered */
  open: z.number().nullable(),
  /** clicked / delivered */
  click: z.number().nullable(),
})
export type Rates = z.infer<typeof RatesSchema>

export const CombinedReportSchema = z.object({
  from: z.iso.datetime({ offset: true }),
  to: z.iso.datetime({ offset: true }),
  totals: StatusCountsSchema,
  rates: RatesSchema,
  /** SES_REPUTATION_THRESHOLDS, and where the rates stand against them. */
  thresholds: z.object({
    bounce: z.object({ review: z.number(), pause: z.number() }),
    complaint: z.object({ review: z.number(), pause: z.number() }),
  }),
  reputation: z.object({
    bounce: z.enum(['ok', 'review', 'pause']),
    complaint: z.enum(['ok', 'review', 'pause']),
  }),
})
export type CombinedReport = z.infer<typeof CombinedReportSchema>

import { AwsAccountIdParamsSchema, AwsAccountSchema } from '../aws-accounts/schemas'
import { AWS_ERRORS, ORGANIZATION_ERRORS, type RouteDefinition, route } from '../route-definition'
import {
  CombinedQuerySchema,
  CombinedReportSchema,
  EnableMonitoringBodySchema,
  LogsQuerySchema,
  MessageLogPageSchema,
  SES_EVENTS_PATH,
  TimeSeriesQuerySchema,
  TimeSeriesSchema,
} from './schemas'

/** SES monitoring of a connected AWS account: enabling it, the message logs and metrics, and the SNS events feeding them. */
export const sesMonitoringRoutes = {
  enableMonitoring: route({
    method: 'POST',
    path: '/api/aws-accounts/{id}/enable-monitoring',
    group: 'ses-monitoring',
    summary:
      "Create, in the customer's account, a configuration set publishing SES events to an SNS topic subscribed to our events endpoint (again: repairs it)",
    public: false,
    feature: 'monitoring',
    params: AwsAccountIdParamsSchema,
    body: EnableMonitoringBodySchema,
    response: AwsAccountSchema,
    errors: [...ORGANIZATION_ERRORS, 'aws_account.not_found', 'aws_account.not_verified', ...AWS_ERRORS],
    status: 200,
  }),
  disableMonitoring: route({
    method: 'POST',
    path: '/api/aws-accounts/{id}/disable-monitoring',
    group: 'ses-monitoring',
    // Not gated: an organization that left a Team plan can still remove what monitoring created.
    summary: 'Remove exactly what enable-monitoring created in the customer’s account; logs stay readable',
    public: false,
    params: AwsAccountIdParamsSchema,
    response: AwsAccountSchema,
    errors: [
      ...ORGANIZATION_ERRORS,
      'aws_account.not_found',
      'aws_account.not_verified',
      'monitoring.not_enabled',
      ...AWS_ERRORS,
    ],
    status: 200,
  }),
  listMessageLogs: route({
    method: 'GET',
    path: '/api/aws-accounts/{id}/logs',
    group: 'ses-monitoring',
    summary:
      'Messages sent with monitoring on, newest first: recipients, subject or template, status, events',
    public: false,
    feature: 'monitoring',
    params: AwsAccountIdParamsSchema,
    query: LogsQuerySchema,
    response: MessageLogPageSchema,
    errors: [...ORGANIZATION_ERRORS, 'aws_account.not_found', 'monitoring.not_enabled'],
    status: 200,
  }),
  getStatusTimeSeries: route({
    method: 'GET',
    path: '/api/aws-accounts/{id}/reports/resolved-statuses-time-series',
    group: 'ses-monitoring',
    summary: 'Per hour or day of sending: how many messages were sent, delivered, opened, bounced …',
    public: false,
    feature: 'monitoring',
    params: AwsAccountIdParamsSchema,
    query: TimeSeriesQuerySchema,
    response: TimeSeriesSchema,
    errors: [...ORGANIZATION_ERRORS, 'aws_account.not_found', 'monitoring.not_enabled'],
    status: 200,
  }),
  getStatusCombined: route({
    method: 'GET',
    path: '/api/aws-accounts/{id}/reports/resolved-statuses-combined',
    group: 'ses-monitoring',
    summary: 'Totals and rates for a range, with bounce and complaint rates against SES review thresholds',
    public: false,
    feature: 'monitoring',
    params: AwsAccountIdParamsSchema,
    query: CombinedQuerySchema,
    response: CombinedReportSchema,
    errors: [...ORGANIZATION_ERRORS, 'aws_account.not_found', 'monitoring.not_enabled'],
    status: 200,
  }),
  receiveSesEvent: route({
    method: 'POST',
    path: SES_EVENTS_PATH,
    group: 'ses-events',
    summary:
      "SNS deliveries from customers' monitoring topics: signature checked, subscriptions confirmed, events deduplicated",
    public: true,
    errors: ['webhook.invalid_signature', 'ses_events.unknown_topic', 'aws.request_failed'],
    status: 204,
    // SNS posts JSON as text/plain.
    rawBody: { contentTypes: ['text/plain', 'application/json'] },
    maxBodyBytes: 512 * 1024,
  }),
} as const satisfies Record<string, RouteDefinition>

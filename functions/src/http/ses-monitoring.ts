import { sesMonitoringRoutes } from '@app/contracts/ses-monitoring/routes'
import { AwsAccounts, Monitoring, MonitoringReports } from '@app/core'
import { endpointGroup } from '../middleware/endpoint-group'

export const handler = endpointGroup(
  'ses-monitoring',
  sesMonitoringRoutes,
  {
    enableMonitoring: ({ context, params, body }) => Monitoring.enableMonitoring(context, params.id, body),
    disableMonitoring: ({ context, params }) => Monitoring.disableMonitoring(context, params.id),
    listMessageLogs: ({ context, params, query }) => MonitoringReports.listLogs(context, params.id, query),
    getStatusTimeSeries: ({ context, params, query }) =>
      MonitoringReports.timeSeries(context, params.id, query),
    getStatusCombined: ({ context, params, query }) => MonitoringReports.combined(context, params.id, query),
  },
  { owners: { awsAccount: AwsAccounts.organizationOfAwsAccount } },
)

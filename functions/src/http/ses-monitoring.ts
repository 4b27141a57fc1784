import { Monitoring, MonitoringReports } from '@app/core'
import { endpointGroup } from '../middleware/endpoint-group'

export const handler = endpointGroup('ses-monitoring', {
  enableMonitoring: ({ actor, params, body }) => Monitoring.enableMonitoring(actor, params.id, body),
  disableMonitoring: ({ actor, params }) => Monitoring.disableMonitoring(actor, params.id),
  listMessageLogs: ({ actor, params, query }) => MonitoringReports.listLogs(actor, params.id, query),
  getStatusTimeSeries: ({ actor, params, query }) => MonitoringReports.timeSeries(actor, params.id, query),
  getStatusCombined: ({ actor, params, query }) => MonitoringReports.combined(actor, params.id, query),
})

import { sesMonitoringRoutes } from '@app/contracts/ses-monitoring/routes'
import { SesEvents } from '@app/core'
import { endpointGroup } from '../middleware/endpoint-group'

export const handler = endpointGroup('ses-events', sesMonitoringRoutes, {
  receiveSesEvent: ({ body, log }) => SesEvents.receiveSesEvent(body, log),
})

import { SesEvents } from '@app/core'
import { endpointGroup } from '../middleware/endpoint-group'

export const handler = endpointGroup('ses-events', {
  receiveSesEvent: ({ body, log }) => SesEvents.receiveSesEvent(body, log),
})

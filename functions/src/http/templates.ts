import { TestSends } from '@app/core'
import { endpointGroup } from '../middleware/endpoint-group'

export const handler = endpointGroup('templates', {
  sendTemplateTest: ({ actor, body }) => TestSends.sendTest(actor, body),
})

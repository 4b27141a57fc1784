import { Blocks } from '@app/core'
import { endpointGroup } from '../middleware/endpoint-group'

export const handler = endpointGroup('blocks', {
  listBlocks: ({ actor, query }) => Blocks.listBlocks(actor, query),
  createBlock: ({ actor, query, body }) => Blocks.createBlock(actor, query.organizationId, body),
  getBlock: ({ actor, params, query }) => Blocks.getBlock(actor, query.organizationId, params.id),
  updateBlock: ({ actor, params, query, body }) => Blocks.updateBlock(actor, params.id, query, body),
  deleteBlock: ({ actor, params, query }) => Blocks.deleteBlock(actor, query.organizationId, params.id),
  copyBlock: ({ actor, params, query, body }) =>
    Blocks.copyBlock(actor, query.organizationId, params.id, body),
})

import { blockRoutes } from '@app/contracts/blocks/routes'
import { Blocks } from '@app/core'
import { endpointGroup } from '../middleware/endpoint-group'

export const handler = endpointGroup('blocks', blockRoutes, {
  listBlocks: ({ context, query }) => Blocks.listBlocks(context, query),
  createBlock: ({ context, body }) => Blocks.createBlock(context, body),
  getBlock: ({ context, params }) => Blocks.getBlock(context, params.id),
  updateBlock: ({ context, params, query, body }) => Blocks.updateBlock(context, params.id, query, body),
  deleteBlock: ({ context, params }) => Blocks.deleteBlock(context, params.id),
  copyBlock: ({ context, params, body }) => Blocks.copyBlock(context, params.id, body),
})

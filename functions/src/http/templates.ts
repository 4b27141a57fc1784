import { AppError, TestSends } from '@app/core'
import { endpointGroup } from '../middleware/endpoint-group'

// The template API lands in the next commit; its contracts come first so the editor can start from them.
const notYet = async (): Promise<never> => {
  throw new AppError('route.not_found', 'Templates are not served yet.')
}

export const handler = endpointGroup('templates', {
  sendTemplateTest: ({ actor, body }) => TestSends.sendTest(actor, body),
  listTemplates: notYet,
  createTemplate: notYet,
  deleteTemplates: notYet,
  getTemplate: notYet,
  updateTemplate: notYet,
  deleteTemplate: notYet,
  copyTemplate: notYet,
  listTemplateVersions: notYet,
  getTemplateVersion: notYet,
  restoreTemplateVersion: notYet,
  diffTemplateVersions: notYet,
  listTags: notYet,
})
